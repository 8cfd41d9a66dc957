/**
 * A kept document is stored once in each encoding (brotli, gzip, none) and served as stored: every answer
 * decodes to the same document, the encoding follows Accept-Encoding, each representation has its own ETag, and
 * its Content-Security-Policy names the document's own inline scripts by hash instead of a per-request nonce.
 */
import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { elements, textOf } from "../helpers/html";
import { decodedBody, wireRequest, type WireAnswer } from "../helpers/raw-http";

const server = serveSeededApp();

const send = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  wireRequest(server.url, path, headers, method);

const header = (answer: WireAnswer, name: string) => String(answer.headers[name] ?? "");
const scriptSources = (answer: WireAnswer) =>
  /(?:^|;)\s*script-src ([^;]*)/.exec(header(answer, "content-security-policy"))?.[1];

/** A page kept in the cache: asked for until the cache answers. */
async function kept(path: string, headers: Record<string, string> = {}): Promise<WireAnswer> {
  await send(path, headers);
  const answer = await send(path, headers);
  expect(answer.headers["x-document-cache"], path).toBe("hit");
  return answer;
}

describe("one document, three encodings", () => {
  test("brotli, gzip and no encoding decode to the same document, each with its length", async () => {
    const plain = await kept("/en/about", { "accept-encoding": "identity" });
    const html = decodedBody(plain);
    expect(html).toMatch(/^<!DOCTYPE html>/);
    for (const [accept, encoding] of [
      ["br", "br"],
      ["gzip", "gzip"],
      ["identity", undefined],
      ["gzip, deflate, br, zstd", "br"],
      ["gzip;q=1, br;q=0.5", "gzip"],
      ["br;q=0, gzip;q=0.8", "gzip"],
      ["*", "br"],
      ["br;q=0, gzip;q=0", undefined],
      ["deflate", undefined],
      ["", undefined],
    ] as const) {
      const answer = await send("/en/about", { "accept-encoding": accept });
      expect(answer.headers["x-document-cache"], accept).toBe("hit");
      expect(answer.headers["content-encoding"], accept).toBe(encoding);
      expect(Number(answer.headers["content-length"]), accept).toBe(answer.bytes.length);
      expect(header(answer, "vary").toLowerCase(), accept).toContain("accept-encoding");
      expect(decodedBody(answer), accept).toBe(html);
    }
    // Stored compressed: the wire carries far fewer bytes than the document.
    expect((await send("/en/about", { "accept-encoding": "br" })).bytes.length).toBeLessThan(plain.bytes.length / 3);
  });

  test("the answer that fills the cache is the stored representation, and no answer carries a nonce", async () => {
    const first = await send("/en/contact", { "accept-encoding": "br" });
    expect(first.headers["x-document-cache"]).toBe("miss");
    const second = await send("/en/contact", { "accept-encoding": "br" });
    expect(second.headers["x-document-cache"]).toBe("hit");
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    expect(header(second, "content-security-policy")).not.toContain("'nonce-");
    expect(decodedBody(second)).not.toMatch(/\snonce=/);
  });

  test("every representation has its own ETag", async () => {
    const tags = new Set<string>();
    for (const accept of ["br", "gzip", "identity"])
      tags.add(header(await kept("/en/about", { "accept-encoding": accept }), "etag"));
    expect(tags.size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);
  });
});

describe("the policy of a kept document", () => {
  for (const path of ["/notes/learning-slowly", "/en/tuts/git-bisect"]) {
    test(`${path}: script-src names each inline script by its hash, and every other directive is unchanged`, async () => {
      const answer = await kept(path, { "accept-encoding": "br" });
      const html = decodedBody(answer);
      const sources = scriptSources(answer)!.split(/\s+/);
      const inline = elements(html, "script").filter(
        (script) => !script.properties.src && !/json/.test(String(script.properties.type ?? "")),
      );
      expect(inline.length).toBeGreaterThan(2);
      const hashes = inline.map((script) => `'sha256-${createHash("sha256").update(textOf(script)).digest("base64")}'`);
      expect(new Set(sources.filter((source) => source.startsWith("'sha256-")))).toEqual(new Set(hashes));
      expect(sources).toContain("'self'");
      expect(sources.some((source) => source.startsWith("'nonce-"))).toBe(false);
      // A render for a visitor the cache does not serve carries a nonce instead, and the same other directives.
      const fresh = await send(path, { cookie: "returning=1" });
      expect(fresh.headers["x-document-cache"]).toBeUndefined();
      const others = (answer: WireAnswer) =>
        header(answer, "content-security-policy")
          .split(";")
          .filter((directive) => !directive.trim().startsWith("script-src"));
      expect(others(answer)).toEqual(others(fresh));
      expect(scriptSources(fresh)).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]+'$/);
    });
  }
});

describe("HEAD and conditional requests", () => {
  test("HEAD has the headers of GET and no body", async () => {
    for (const accept of ["br", "gzip", "identity"]) {
      const get = await kept("/en/about", { "accept-encoding": accept });
      const head = await send("/en/about", { "accept-encoding": accept }, "HEAD");
      expect(head.status).toBe(200);
      expect(head.bytes.length).toBe(0);
      for (const name of [
        "content-length",
        "content-encoding",
        "etag",
        "content-type",
        "content-security-policy",
        "vary",
      ])
        expect(head.headers[name], `${accept} ${name}`).toEqual(get.headers[name]);
    }
  });

  test("If-None-Match with the representation's ETag is a 304 without a body; another representation's is not", async () => {
    const br = await kept("/en/about", { "accept-encoding": "br" });
    const gzip = await send("/en/about", { "accept-encoding": "gzip" });
    const etag = header(br, "etag");
    for (const match of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      for (const method of ["GET", "HEAD"]) {
        const answer = await send("/en/about", { "accept-encoding": "br", "if-none-match": match }, method);
        expect(answer.status, `${method} ${match}`).toBe(304);
        expect(answer.bytes.length).toBe(0);
        expect(answer.headers.etag).toBe(etag);
        expect(header(answer, "vary").toLowerCase()).toContain("accept-encoding");
      }
    }
    const other = await send("/en/about", { "accept-encoding": "br", "if-none-match": header(gzip, "etag") });
    expect(other.status).toBe(200);
    expect(other.bytes.equals(br.bytes)).toBe(true);
    expect((await send("/en/about", { "accept-encoding": "br", "if-none-match": '"nope"' })).status).toBe(200);
  });
});

describe("a changed page", () => {
  test("publishing a change to a page drops every encoding of its document", async () => {
    const before = new Map<string, WireAnswer>();
    for (const accept of ["br", "gzip", "identity"])
      before.set(accept, await kept("/en/about", { "accept-encoding": accept }));
    const editor = new ApiClient(server.url);
    await editor.login("admin");
    const source = await editor.get<{ hash: string }>(
      `/api/builds/source?locale=en&path=${encodeURIComponent("/about")}`,
    );
    const words = "Words written after the page was kept.";
    const saved = await editor.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: "/about",
      frontMatter: {
        title: "About",
        description: "",
        tags: [],
        toc: false,
        comments: false,
        draft: false,
        intro: false,
      },
      markdown: words,
      baseHash: source.body.hash,
    });
    expect(saved.status).toBe(201);
    const { builds } = (await editor.get<{ builds: { id: number; status: string }[] }>("/api/builds/all")).body;
    expect(
      (await editor.post("/api/builds/run", { buildId: builds.find((b) => b.status === "open")!.id })).status,
    ).toBe(200);
    for (const accept of ["br", "gzip", "identity"]) {
      const answer = await send("/en/about", {
        "accept-encoding": accept,
        "if-none-match": header(before.get(accept)!, "etag"),
      });
      // The first answer renders the page again; the others are the new document's other encodings.
      expect(answer.status, accept).toBe(200);
      expect(answer.headers["x-document-cache"], accept).toBe(accept === "br" ? "miss" : "hit");
      expect(answer.headers.etag, accept).not.toBe(before.get(accept)!.headers.etag);
      expect(decodedBody(answer), accept).toContain(words);
    }
  });
});
