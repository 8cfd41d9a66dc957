/**
 * Documents are rendered by React's streaming renderer. Browsers get them streamed, with late parts moved into
 * place by small inline scripts; crawlers and the documents kept for anonymous visitors are rendered whole.
 * Whichever way, every inline script is allowed by the answer's policy, or the browser would refuse to run it: by
 * the request's CSP nonce, or for a kept document (the same bytes for every request) by its hash.
 */
import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { serveSeededApp } from "../helpers/app-server";
import { elements, element, textOf } from "../helpers/html";

const server = serveSeededApp();

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const crawler = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
// Any cookie but the language choice keeps a request away from the kept documents: it is rendered afresh.
const fresh = { cookie: "returning=1" };

async function page(path: string, headers: Record<string, string>) {
  const response = await fetch(server.url + path, { headers });
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  return { response, nonce, html: await response.text() };
}

/** Scripts the browser would execute: inline ones, not data blocks such as JSON-LD. */
function inlineScripts(html: string) {
  return elements(html, "script").filter(
    (script) => !script.properties.src && !/json/.test(String(script.properties.type ?? "")),
  );
}

describe("streamed and whole documents", () => {
  for (const path of ["/tuts/git-bisect", "/en/tuts/git-bisect", "/", "/en/logs"]) {
    test(`${path}: a browser gets it streamed, every inline script with the request's nonce`, async () => {
      const { response, nonce, html } = await page(path, { "user-agent": browser, ...fresh });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-document-cache")).toBeNull();
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
      // Late parts arrive after the shell and are moved into place by React's scripts.
      expect(html).toMatch(/\$RC\(/);
      const scripts = inlineScripts(html);
      expect(scripts.length).toBeGreaterThan(3);
      for (const script of scripts) expect(script.properties.nonce, textOf(script).slice(0, 80)).toBe(nonce);
      expect(html.trimEnd()).toMatch(/<\/html>$/);
    });
  }

  test("a crawler gets the whole document in place, with the same nonce rule", async () => {
    const { nonce, html } = await page("/en/tuts/git-bisect", { "user-agent": crawler, ...fresh });
    expect(html).not.toMatch(/\$RC\(|<template/);
    expect(textOf(element(html, "h1"))).toBe("Hunting Bugs with git bisect");
    for (const script of inlineScripts(html)) expect(script.properties.nonce).toBe(nonce);
  });

  test("the document kept for anonymous visitors is rendered whole, and its policy names its scripts by hash", async () => {
    const first = await page("/notes/learning-slowly", { "user-agent": browser });
    const second = await page("/notes/learning-slowly", { "user-agent": browser });
    expect(second.response.headers.get("x-document-cache")).toBe("hit");
    expect(second.html).toBe(first.html);
    const policy = second.response.headers.get("content-security-policy") ?? "";
    expect(policy).toBe(first.response.headers.get("content-security-policy"));
    expect(second.nonce).toBeUndefined();
    expect(second.html).not.toMatch(/\$RC\(|<template/);
    const scripts = inlineScripts(second.html);
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      expect(script.properties.nonce).toBeUndefined();
      expect(policy).toContain(`'sha256-${createHash("sha256").update(textOf(script)).digest("base64")}'`);
    }
  });
});
