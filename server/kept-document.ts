/**
 * A rendered document made into what the document store keeps: nothing in it belongs to the request that rendered
 * it, and it is compressed once, in every encoding it will be sent in (decision 029).
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { CachedDocument, Representation } from "~/content/document-store.server";
import { hashNoncedScripts, policyWithHashes } from "./script-hashes";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function representation(body: Buffer): Representation {
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
}

/**
 * The rendered document as it will be kept and sent: the nonce of the request that rendered it replaced by its
 * scripts' hashes, and compressed (brotli at quality 5: a few milliseconds, once).
 */
export async function keptDocument(
  rendered: { status: number; headers: [string, string][]; html: string },
  nonce: string,
  policy: string | undefined,
): Promise<Omit<CachedDocument, "expires">> {
  const { html, hashes } = hashNoncedScripts(rendered.html, nonce);
  const headers = rendered.headers.filter(([name]) => name !== "content-security-policy");
  if (policy) headers.push(["content-security-policy", policyWithHashes(policy, nonce, hashes)]);
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: 9 }),
  ]);
  return {
    status: rendered.status,
    headers,
    representations: { br: representation(br), gzip: representation(gz), identity: representation(identity) },
  };
}
