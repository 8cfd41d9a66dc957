/**
 * A document asks for its scripts after its first paint: its head preloads no module, its module script is an
 * inert block that names the preloads, and the script after it (allowed by the same policy) runs the block's text
 * once the page has painted; kept documents and those rendered for one reader alike. The browser's side (the page paints, then loads and hydrates, with no violation) is in
 * tests/e2e/kept-documents.spec.ts.
 */
import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { scriptsAfterPaint, scriptsAfterPaintStream } from "~/shell/scripts-after-paint.server";
import { serveSeededApp } from "../helpers/app-server";
import { elements } from "../helpers/html";
import { sessionCookieFor } from "../helpers/sessions";

let ownerCookie = "";
const server = serveSeededApp(async () => {
  ownerCookie = await sessionCookieFor(await getDb(), "admin");
});

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const head = (html: string) => html.slice(0, html.indexOf("</head>"));

describe("a document's scripts wait for its first paint", () => {
  for (const path of ["/tuts/git-bisect", "/en/tuts/git-bisect", "/en"]) {
    test(`${path}: no preload in the head, the module script inert, run by a script the policy allows`, async () => {
      for (const state of ["miss", "hit"]) {
        const response = await fetch(server.url + path);
        expect(response.headers.get("x-document-cache")).toBe(state);
        const html = await response.text();
        expect(head(html)).not.toContain("modulepreload");
        expect(html).not.toMatch(/<script[^>]*type="module"/);
        const [block, ...others] = elements(html, "script", { type: "text/x-module" });
        expect(others).toEqual([]);
        const preloads = JSON.parse(String(block!.properties.dataAfterPaint)) as Record<string, string>[];
        // The preloads it names are the module's own chunks (the entry, the framework, the page's route).
        expect(preloads.length).toBeGreaterThan(3);
        for (const preload of preloads) {
          expect(preload).toMatchObject({ rel: "modulepreload", href: expect.stringMatching(/^\/assets\/.+\.js$/) });
          expect(preload).not.toHaveProperty("nonce");
        }
        const blockText = html.slice(html.indexOf(">", html.indexOf('type="text/x-module"')) + 1);
        const moduleText = blockText.slice(0, blockText.indexOf("</script>"));
        expect(moduleText).toContain("import(");
        const runner = blockText.slice(blockText.indexOf("</script><script>") + "</script><script>".length);
        const runnerText = runner.slice(0, runner.indexOf("</script>"));
        expect(runnerText).toContain("data-after-paint");
        const policy = response.headers.get("content-security-policy") ?? "";
        expect(policy).toContain(hashOf(moduleText));
        expect(policy).toContain(hashOf(runnerText));
        expect(policy).not.toContain("'nonce-");
      }
    });
  }

  test("a page rendered for its reader (the dashboard) waits the same way, both scripts carrying the nonce", async () => {
    const response = await fetch(server.url + "/en/manage", { headers: { cookie: ownerCookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(head(html)).not.toContain("modulepreload");
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(elements(html, "script", { type: "text/x-module", nonce })).toHaveLength(1);
    // The script that runs the block follows it, with the same nonce (a nonce may hold `+` and `/`: compared as text).
    const afterBlock = html.slice(html.indexOf("</script>", html.indexOf("data-after-paint=")));
    expect(afterBlock.startsWith(`</script><script nonce="${nonce}">`)).toBe(true);
  });
});

describe("scriptsAfterPaint", () => {
  const nonce = "n0nce";
  const page = (body: string) =>
    `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js"/>` +
    `<meta content="&lt;link rel=&quot;modulepreload&quot;"/><link rel="modulepreload" href="/assets/v.js" data-view="article"/>` +
    `</head><body><p>text</p>${body}</body></html>`;
  const module = `<script nonce="${nonce}" type="module" async="">import "/assets/a.js";</script>`;

  test("moves the head's preloads, with their attributes, into the block that replaces the module script", () => {
    const out = scriptsAfterPaint(page(module), nonce);
    expect(head(out)).toBe(`<!DOCTYPE html><html><head><meta content="&lt;link rel=&quot;modulepreload&quot;"/>`);
    const block = elements(out, "script", { type: "text/x-module" })[0]!;
    expect(JSON.parse(String(block.properties.dataAfterPaint))).toEqual([
      { rel: "modulepreload", href: "/assets/a.js" },
      { rel: "modulepreload", href: "/assets/v.js", "data-view": "article" },
    ]);
    expect(out).toContain(`import "/assets/a.js";</script><script nonce="${nonce}">(function(){`);
    expect(out).not.toContain("async");
  });

  test("leaves a document alone without one module script carrying the nonce, or without a nonce", () => {
    for (const html of [page(""), page(module + module), page(module.replace(` nonce="${nonce}"`, ""))]) {
      expect(scriptsAfterPaint(html, nonce)).toBe(html);
    }
    expect(scriptsAfterPaint(page(module), "")).toBe(page(module));
  });

  test("a module script written into the content as text is not taken for the page's", () => {
    const html = page(`<p title="<script type=&quot;module&quot;>">x</p>${module}`);
    expect(elements(scriptsAfterPaint(html, nonce), "script", { type: "text/x-module" })).toHaveLength(1);
  });

  test("as a stream, cut anywhere (inside a tag, inside a letter), it writes what it writes whole", async () => {
    const html = page(`<p>سلام، دفتر</p>${module}<script>stream("دنباله")</script>`);
    const bytes = Buffer.from(html);
    const expected = scriptsAfterPaint(html, nonce);
    expect(expected).not.toBe(html);
    for (const size of [1, 2, 3, 7, 64, bytes.length]) {
      const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, (i + 1) * size),
      );
      expect(await text(Readable.from(chunks).pipe(scriptsAfterPaintStream(nonce))), `cut every ${size}`).toBe(
        expected,
      );
    }
  });
});
