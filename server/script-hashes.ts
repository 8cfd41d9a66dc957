/**
 * A kept document's inline scripts named by hash instead of by nonce, so that one stored copy serves every
 * request. The scripts hashed are exactly those that carry the nonce of the request that rendered the document:
 * only the page's own code knew that random value, so a script that reached the page any other way (written into
 * its content) is not hashed and stays blocked, as it was without the nonce.
 */
import { createHash } from "node:crypto";
import { tagsOf } from "~/shell/html-tags.server";

/** `'sha256-…'` of a script's text as the browser hashes it (after the parser turns CR LF and CR into LF). */
function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n")).digest("base64")}'`;
}

/** The document without the nonce, and the hashes of the inline scripts that carried it (read as `tagsOf` reads). */
export function hashNoncedScripts(html: string, nonce: string): { html: string; hashes: string[] } {
  if (!nonce) return { html, hashes: [] };
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const tag of tagsOf(html)) {
    if (tag.scriptEnd === undefined || !tag.text.includes(attribute) || /\bsrc=/i.test(tag.text)) continue;
    hashes.add(scriptHash(html.slice(tag.end, tag.scriptEnd).replaceAll(attribute, "")));
  }
  return { html: html.replaceAll(attribute, ""), hashes: [...hashes] };
}

/** The policy with the hashes where the nonce was: every other source and directive as it was. */
export function policyWithHashes(policy: string, nonce: string, hashes: string[]): string {
  return policy
    .split(";")
    .map((directive) =>
      directive
        .trim()
        .split(/\s+/)
        .flatMap((source) => (source === `'nonce-${nonce}'` ? hashes : [source]))
        .join(" "),
    )
    .join(";");
}
