/**
 * A kept document's inline scripts named by hash instead of by nonce, so that one stored copy serves every
 * request. The scripts hashed are exactly those that carry the nonce of the request that rendered the document:
 * only the page's own code knew that random value, so a script that reached the page any other way (written into
 * its content) is not hashed and stays blocked, as it was without the nonce.
 */
import { createHash } from "node:crypto";

/** `'sha256-…'` of a script's text as the browser hashes it (after the parser turns CR LF and CR into LF). */
function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n")).digest("base64")}'`;
}

/**
 * The document without the nonce, and the hashes of the inline scripts that carried it. Read as the browser's
 * tokenizer reads them: markup is whole tags (an attribute's quoted value may hold `<script>` as text, as an
 * image's description may) and comments, and a script's text runs from its start tag to the first `</script`.
 */
export function hashNoncedScripts(html: string, nonce: string): { html: string; hashes: string[] } {
  if (!nonce) return { html, hashes: [] };
  const attribute = ` nonce="${nonce}"`;
  const lower = html.toLowerCase();
  const hashes = new Set<string>();
  // A comment, or a whole start or end tag with its quoted attribute values (the branches begin with different
  // characters, so matching stays linear).
  const markup = /<!--[\s\S]*?(?:-->|$)|<\/?[a-zA-Z](?:[^>"']|"[^"]*"|'[^']*')*>/g;
  for (let tag = markup.exec(html); tag; tag = markup.exec(html)) {
    if (!/^<script[\s/>]/i.test(tag[0])) continue;
    const textStart = tag.index + tag[0].length;
    const end = lower.indexOf("</script", textStart);
    const textEnd = end === -1 ? html.length : end;
    if (tag[0].includes(attribute) && !/\bsrc=/i.test(tag[0])) {
      hashes.add(scriptHash(html.slice(textStart, textEnd).replaceAll(attribute, "")));
    }
    markup.lastIndex = textEnd;
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
