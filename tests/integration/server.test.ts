import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, test, vi } from "vitest";
import { projectRoot } from "../../scripts/build-if-stale";
import { serveSeededApp } from "../helpers/app-server";
import type { Element } from "hast";
import { element, elements, textOf } from "../helpers/html";
import { rawGet } from "../helpers/raw-http";

const server = serveSeededApp();

const get = (path: string, init?: RequestInit) => fetch(server.url + path, { redirect: "manual", ...init });

describe("HTTP server", () => {
  test("healthz reports a reachable database with its version", async () => {
    const response = await get("/healthz");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe("ok");
    expect(body.database.reachable).toBe(true);
    expect(body.database.version).toMatch(/^3\.\d+\.\d+/);
  });

  test("pages rendered per request carry security headers with a fresh CSP nonce per request", async () => {
    // A cookie other than the language choice keeps the kept documents (named by hash, not nonce) out of it.
    const fresh = { headers: { cookie: "returning=1" } };
    const [a, b] = await Promise.all([get("/", fresh), get("/", fresh)]);
    for (const response of [a, b]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-powered-by")).toBeNull();
    }
    const nonce = (r: Response) => /'nonce-([^']+)'/.exec(r.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce(a)).toBeTruthy();
    expect(nonce(a)).not.toBe(nonce(b));
    const html = await a.text();
    // Every inline script carries the nonce of its own response (JSON-LD is data, never run, and needs none).
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g)].map(
      (m) => m[1],
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce(a)}"`);
  });

  test("responses are compressed when the client accepts it", async () => {
    const response = await get("/", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  test("hashed assets are cached for a year and immutable", async () => {
    const html = await (await get("/")).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await get(asset!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  test("scripts, stylesheets and fonts go without the headers only a document reads; the icons' SVG keeps them", async () => {
    const html = await (await get("/tuts/git-bisect")).text();
    const named = (pattern: RegExp) => pattern.exec(html)?.[0];
    const files = [
      named(/\/assets\/framework-[\w-]+\.js/),
      named(/\/assets\/[\w-]+\.css/),
      named(/\/assets\/vazirmatn-persian-[\w-]+\.woff2/),
    ];
    expect(files.every(Boolean)).toBe(true);
    const documentOnly = ["content-security-policy", "x-frame-options", "referrer-policy", "x-xss-protection"];
    for (const file of files) {
      for (const accept of ["br", "identity"]) {
        const response = await get(file!, { headers: { "accept-encoding": accept } });
        expect(response.status).toBe(200);
        for (const name of documentOnly) expect(response.headers.get(name), `${name} on ${file}`).toBeNull();
        expect(response.headers.get("last-modified")).toBeNull();
        // What does apply to a script or a font stays.
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
        expect(response.headers.get("etag")).toBeTruthy();
      }
    }
    // An SVG opened on its own is a document that can run script: it keeps every document header.
    const icons = named(/\/assets\/icons-[\w-]+\.svg/);
    expect(icons).toBeTruthy();
    const svg = await get(icons!);
    expect(svg.status).toBe(200);
    for (const name of documentOnly) expect(svg.headers.get(name), name).toBeTruthy();
    // The page itself keeps them too.
    const page = await get("/tuts/git-bisect", { headers: { cookie: "returning=1" } });
    for (const name of documentOnly) expect(page.headers.get(name), name).toBeTruthy();
  });

  test("the build's scripts and stylesheets go as the build compressed them, in the encoding the client prefers", async () => {
    const html = await (await get("/")).text();
    // The page's largest script (the framework's) and its stylesheet, named in the document.
    const script = [...html.matchAll(/\/assets\/framework-[\w-]+\.js/g)][0]?.[0];
    const style = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(script && style).toBeTruthy();
    for (const asset of [script!, style!]) {
      const file = path.join(projectRoot, "build/client", asset);
      const plain = readFileSync(file);
      for (const [accept, encoding, suffix] of [
        ["gzip, deflate, br, zstd", "br", ".br"],
        ["br;q=0.5, gzip", "gzip", ".gz"],
        ["identity", null, ""],
      ] as const) {
        const response = await get(asset, { headers: { "accept-encoding": accept } });
        expect(response.status).toBe(200);
        expect(response.headers.get("content-encoding")).toBe(encoding);
        expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
        expect(response.headers.get("content-type")).toMatch(asset.endsWith(".js") ? /javascript/ : /text\/css/);
        expect(response.headers.get("cache-control")).toContain("immutable");
        // The build's own file, sent as it is (its length), and the asset itself once decoded.
        expect(Number(response.headers.get("content-length"))).toBe(statSync(file + suffix).size);
        expect(Buffer.from(await response.arrayBuffer()).equals(plain)).toBe(true);
      }
      // The compressed copies are not addresses of their own, however the address spells them.
      for (const spelling of [`${asset}.br`, `${asset}%2Ebr`, `${asset}.GZ`])
        expect((await get(spelling)).status).toBe(404);
    }
    // Brotli at its best is smaller than on-the-fly gzip of the same script.
    const framework = path.join(projectRoot, "build/client", script!);
    expect(statSync(`${framework}.br`).size).toBeLessThan(0.9 * gzipSync(readFileSync(framework)).length);
  });

  test("an unknown page is a 404 in HTML, an unknown API path a 404 in JSON", async () => {
    const page = await get("/no/such/page");
    expect(page.status).toBe(404);
    expect(textOf(element(await page.text(), "title"))).toBe("۴۰۴ - صفحه پیدا نشد");
    const en = await get("/en/no/such/page");
    expect(textOf(element(await en.text(), "title"))).toBe("404 - Page Not Found");
    const api = await get("/api/no/such/call", { headers: { "accept-language": "en" } });
    expect(api.status).toBe(404);
    expect(api.headers.get("content-type")).toContain("application/json");
    expect(await api.json()).toEqual({ message: "Page not found" });
    // In the caller's language, like every API answer (Persian by default).
    expect(await (await get("/api/no/such/call", { method: "POST" })).json()).toEqual({ message: "صفحه پیدا نشد" });
  });

  test("an API call answers a method it does not take with 405 and Allow in the caller's language; HEAD as GET", async () => {
    const wrong = await get("/api/search?q=x", { method: "DELETE", headers: { "x-locale": "fa" } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, HEAD");
    expect(await wrong.json()).toEqual({ message: "این نوع درخواست در اینجا پذیرفته نیست." });
    const head = await get("/api/search?q=notebook&locale=en", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toContain("application/json");
    expect((await get("/api/comments/all", { method: "HEAD" })).status).toBe(401);
  });

  test("/403 answers 403 with the permission-denied text", async () => {
    const response = await get("/en/403");
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("You do not have the necessary permissions to access this page.");
  });

  test("a page preloads the letters it shows: Persian pages the Persian and the Latin subset, English the Latin", async () => {
    const fonts = (html: string) =>
      elements(html, "link", { rel: "preload" })
        .filter((link) => link.properties.as === "font")
        .map((link) => String(link.properties.href).replace(/^.*\/vazirmatn-([a-z]+)-.*$/, "$1"));
    // A font found only when the text is laid out starts after the stylesheet and holds the first paint back.
    expect(fonts(await (await get("/tuts/git-bisect")).text())).toEqual(["persian", "latin"]);
    expect(fonts(await (await get("/en/tuts/git-bisect")).text())).toEqual(["latin"]);
  });

  test("html lang/dir, canonical and hreflang follow the locale form", async () => {
    const fa = await (await get("/fa")).text();
    expect(fa).toContain('<html lang="fa" dir="rtl"');
    expect(element(fa, "link", { rel: "canonical" }).properties.href).toBe(`${server.url}/`);
    const en = await (await get("/en")).text();
    expect(en).toContain('<html lang="en" dir="ltr"');
    expect(element(en, "link", { rel: "canonical" }).properties.href).toBe(`${server.url}/en`);
    for (const html of [fa, en]) {
      const alternates = elements(html, "link", { rel: "alternate" })
        .filter((link) => link.properties.hrefLang)
        .map((link) => [link.properties.hrefLang, link.properties.href]);
      expect(alternates).toEqual([
        ["fa", `${server.url}/`],
        ["en", `${server.url}/en`],
        ["x-default", `${server.url}/`],
      ]);
    }
  });

  test("a visitor who chose English and arrives from outside at a Persian address goes to English", async () => {
    const headers = { cookie: "locale=en", "sec-fetch-mode": "navigate" };
    const outside = await rawGet(`${server.url}/403?x=1`, headers);
    expect(outside.status).toBe(302);
    expect(outside.headers.location).toBe("/en/403?x=1");
    // Inside the site (same-origin referer) the Persian page is served as asked.
    const inside = await rawGet(`${server.url}/403`, { ...headers, referer: `${server.url}/about` });
    expect(inside.status).toBe(403);
    // No cookie, or an explicit /fa address: no redirect.
    expect((await rawGet(`${server.url}/`, { "sec-fetch-mode": "navigate" })).status).toBe(200);
    expect((await rawGet(`${server.url}/fa`, headers)).status).toBe(200);
  });

  test("a toast queued in a cookie is shown once and the cookie cleared", async () => {
    const toast = encodeURIComponent(JSON.stringify({ title: "Saved it", variant: "success" }));
    const response = await get("/en", { headers: { cookie: `toast=${toast}` } });
    const html = await response.text();
    // The flash travels in the root's loader data (nothing else on the page says "Saved it").
    expect(html).toContain("Saved it");
    expect(response.headers.get("set-cookie")).toMatch(/^toast=; Path=\/; Max-Age=0/);
  });
});

describe("cross-site requests", () => {
  test("a state-changing request from another origin is refused before it reaches the app", async () => {
    const response = await get("/api/anything", {
      method: "POST",
      headers: { origin: "https://evil.example", "accept-language": "en", "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Forbidden: cross-site request refused." });
  });

  test("the same request from this origin goes through (here: to the JSON 404)", async () => {
    const response = await get("/api/anything", {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(404);
  });
});

async function page(path: string) {
  const response = await fetch(server.url + path);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The names of a form's inputs and text areas, in document order. */
function names(html: string, form: string): unknown[] {
  const found: unknown[] = [];
  const visit = (node: Element) => {
    for (const child of node.children) {
      if (child.type !== "element") continue;
      if (["input", "textarea"].includes(child.tagName) && child.properties.name) found.push(child.properties.name);
      visit(child);
    }
  };
  visit(element(html, "form", { dataTestid: form }));
  return found;
}

/**
 * Forms as the server renders them: a real `<form method="post">` to the JSON endpoint with named inputs, and a
 * submit button that stays disabled until the page is hydrated. /login and /register are one route module,
 * told apart by the address.
 */
describe("login and register pages", () => {
  for (const [path, title] of [
    ["/login", "ورود"],
    ["/en/login", "Log in"],
  ] as const) {
    test(`${path} posts to /api/auth/login with named fields, its button disabled before hydration`, async () => {
      const html = await page(path);
      const form = element(html, "form", { dataTestid: "login-form" });
      expect(form.properties).toMatchObject({ method: "post", action: "/api/auth/login", noValidate: true });
      expect(names(html, "login-form")).toEqual(["userName", "password"]);
      expect(element(html, "button", { dataTestid: "login-submit" }).properties.disabled).toBe(true);
      expect(textOf(element(html, "h1"))).toBe(title);
      expect(elements(html, "form", { dataTestid: "register-form" })).toHaveLength(0);
    });
  }

  for (const [path, title] of [
    ["/register", "ثبت‌نام"],
    ["/en/register", "Register"],
  ] as const) {
    test(`${path} posts to /api/auth/register with the account's fields`, async () => {
      const html = await page(path);
      const form = element(html, "form", { dataTestid: "register-form" });
      expect(form.properties).toMatchObject({ method: "post", action: "/api/auth/register" });
      expect(names(html, "register-form").sort()).toEqual(
        ["about", "confirmPassword", "firstName", "lastName", "password", "userName"].sort(),
      );
      expect(element(html, "button", { dataTestid: "register-submit" }).properties.disabled).toBe(true);
      expect(textOf(element(html, "h1"))).toBe(title);
      expect(textOf(element(html, "title"))).toMatch(new RegExp(`^${title} \\| `));
    });
  }

  test("each page links to the other, keeping where to go afterwards", async () => {
    const login = await page("/en/login?redirectTo=%2Fen%2Fprofile");
    expect(elements(login, "a").map((a) => a.properties.href)).toContain("/en/register?redirectTo=%2Fen%2Fprofile");
    const register = await page("/register?redirectTo=%2Fprofile");
    expect(elements(register, "a").map((a) => a.properties.href)).toContain("/login?redirectTo=%2Fprofile");
  });

  test("a Host header that is no host name is refused as any Host not the site's (421), not a logged failure", async () => {
    const errors = vi.spyOn(console, "error");
    try {
      for (const host of ["exa mple", "[", "a:b:c"]) {
        for (const path of ["/", "/en/about", "/api/search?q=x"]) {
          expect((await rawGet(`${server.url}${path}`, { host })).status, `${host} ${path}`).toBe(421);
        }
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});
