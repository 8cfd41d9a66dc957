import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, test } from "vitest";
import { lowPriorityModulePreloads, scriptPriorityStream } from "../../app/shell/script-priority.server";

const head = [
  '<!DOCTYPE html><html lang="fa" dir="rtl"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>',
  '<link rel="preload" href="/assets/vazirmatn.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
  '<meta name="description" content="جست‌وجوی دودویی در تاریخچه‌ی Git"/>',
  '<link rel="modulepreload" href="/assets/article.js" data-view="article"/>',
  '<link rel="modulepreload" href="/assets/framework.js" nonce="n0nce"/>',
  '<link rel="modulepreload" fetchpriority="high" href="/assets/chosen.js"/>',
  "</head>",
].join("");
// The content may show the same markup as text or in a code block: it is the writer's and stays as written.
const body =
  '<body><pre><code>&lt;link rel="modulepreload"&gt;</code></pre><p><link rel="modulepreload" href="/x.js"/>متن</p></body></html>';

/** The stream's output when `document` arrives in chunks of `size` bytes. */
async function streamed(document: string, size: number): Promise<{ html: string; ended: number }> {
  const bytes = Buffer.from(document);
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    bytes.subarray(i * size, (i + 1) * size),
  );
  let ended = 0;
  const html = await text(Readable.from(chunks).pipe(scriptPriorityStream(() => ended++)));
  return { html, ended };
}

describe("lowPriorityModulePreloads", () => {
  test("every module preload without a priority gets the low one; other links and given priorities stay", () => {
    const out = lowPriorityModulePreloads(head);
    expect(out.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" fetchpriority="low" href="/assets/article.js" data-view="article"/>',
      '<link rel="modulepreload" fetchpriority="low" href="/assets/framework.js" nonce="n0nce"/>',
      '<link rel="modulepreload" fetchpriority="high" href="/assets/chosen.js"/>',
    ]);
    expect(out.replace(/ fetchpriority="low"/g, "")).toBe(head);
  });
});

describe("scriptPriorityStream", () => {
  test("rewrites the head however the document is cut, letters and markers included, and never the body", async () => {
    const expected = lowPriorityModulePreloads(head) + body;
    // Sizes that cut "</head>", a Persian letter's two bytes and the tags themselves somewhere.
    for (const size of [1, 2, 3, 7, 64, 200, 4096]) {
      const { html, ended } = await streamed(head + body, size);
      expect(html, `chunks of ${size} bytes`).toBe(expected);
      expect(ended).toBe(1);
    }
  });

  test("a document without a head's end, or with a head too long to hold, passes unchanged", async () => {
    const noHead = `<p>${'<link rel="modulepreload" href="/x.js"/>'.repeat(10)}</p>`;
    expect((await streamed(noHead, 16)).html).toBe(noHead);
    const long = `<head>${"<meta/>".repeat(12_000)}<link rel="modulepreload" href="/late.js"/></head><body>x</body>`;
    const { html, ended } = await streamed(long, 1000);
    expect(html).toBe(long);
    expect(ended).toBe(1);
  });
});
