import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { hashNoncedScripts, policyWithHashes } from "../../server/script-hashes";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const nonce = "R4nd0m+N0nce/Value==";

describe("hashNoncedScripts", () => {
  test("hashes the inline scripts that carry the nonce, and only those; the nonce leaves the document", () => {
    const html = [
      `<head><script nonce="${nonce}">var a = 1;</script>`,
      `<link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/>`,
      `<script type="module" nonce="${nonce}">import "/assets/b.js";</script>`,
      `<script type="application/ld+json">{"a":1}</script>`,
      `<script src="/assets/c.js" nonce="${nonce}"></script></head>`,
      // Written into the content: no nonce, so not hashed.
      `<body><script>window.__xss = 1</script><script nonce="guess">window.__xss = 2</script>`,
      `<script nonce="${nonce}">var a = 1;</script></body>`,
    ].join("");
    const { html: kept, hashes } = hashNoncedScripts(html, nonce);
    expect(hashes).toEqual([hash("var a = 1;"), hash('import "/assets/b.js";')]);
    expect(kept).not.toContain(nonce);
    expect(kept).toContain('<script type="module">import "/assets/b.js";</script>');
    expect(kept).toContain('<script nonce="guess">window.__xss = 2</script>');
  });

  test("a script's text ends at the first </script, as the browser reads it, and CR LF is hashed as LF", () => {
    const html = `<script nonce="${nonce}">a("<\\/script>");\r\nb()</SCRIPT ><script nonce="${nonce}">c()</script>`;
    expect(hashNoncedScripts(html, nonce).hashes).toEqual([hash('a("<\\/script>");\nb()'), hash("c()")]);
    // A start tag inside a script's text is text, not a script.
    const inside = `<script>var s = '<script nonce="${nonce}">x()';</script>`;
    expect(hashNoncedScripts(inside, nonce).hashes).toEqual([]);
  });

  test("a start tag written inside an attribute's value or a comment is text: the scripts after it are still hashed", () => {
    const html = [
      `<img alt="<script>window.__xss=1</script>" title='<script>x' src="/a.png">`,
      `<img alt="\u2028<!--<script>" src="/b.png"><!-- <script> -->`,
      `<script nonce="${nonce}">first()</script>`,
      `<p data-x="<script nonce=&quot;${nonce}&quot;>">text</p>`,
      `<script nonce="${nonce}">second()</script>`,
    ].join("");
    expect(hashNoncedScripts(html, nonce).hashes).toEqual([hash("first()"), hash("second()")]);
  });

  test("without a nonce the document is left as it is", () => {
    expect(hashNoncedScripts("<script>a()</script>", "")).toEqual({ html: "<script>a()</script>", hashes: [] });
  });
});

describe("policyWithHashes", () => {
  test("the nonce's place takes the hashes; every other directive is unchanged", () => {
    const policy = `default-src 'self';script-src 'self' 'nonce-${nonce}';style-src 'self' 'unsafe-inline'`;
    expect(policyWithHashes(policy, nonce, ["'sha256-a'", "'sha256-b'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-a' 'sha256-b';style-src 'self' 'unsafe-inline'",
    );
    expect(policyWithHashes(policy, nonce, [])).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline'",
    );
  });
});
