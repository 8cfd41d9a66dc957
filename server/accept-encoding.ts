/**
 * Chooses which stored encoding of an answer (a kept document, a built script) to send from a request's
 * Accept-Encoding: the one with the highest q-value, brotli before gzip before none when they tie. A coding left
 * out is not acceptable, except no coding ("identity"), which counts as the lowest q-value named unless
 * "identity;q=0" or "*;q=0" excludes it. When nothing stored is acceptable the answer goes uncompressed: every
 * client can read that.
 */
import { documentEncodings, type DocumentEncoding } from "../app/lib/content-encodings.ts";

export function preferredEncoding(header: string | undefined): DocumentEncoding {
  if (!header) return "identity";
  const named = new Map<string, number>();
  for (const item of header.split(",")) {
    const [coding = "", ...params] = item.split(";");
    const name = coding.trim().toLowerCase();
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=(.*)$/i.exec(param)?.[1]).find((value) => value !== undefined);
    const quality = q === undefined ? 1 : Number(q.trim() || NaN);
    named.set(name === "x-gzip" ? "gzip" : name, Number.isFinite(quality) ? Math.min(Math.max(quality, 0), 1) : 0);
  }
  const star = named.get("*");
  const lowest = named.size ? Math.min(...named.values()) : 1;
  const quality = (encoding: DocumentEncoding) =>
    named.get(encoding) ??
    (encoding === "identity" ? (star === 0 ? 0 : Math.max(lowest, Number.MIN_VALUE)) : (star ?? 0));
  let best: DocumentEncoding = "identity";
  let bestQuality = 0;
  for (const encoding of documentEncodings) {
    if (quality(encoding) > bestQuality) [best, bestQuality] = [encoding, quality(encoding)];
  }
  return best;
}
