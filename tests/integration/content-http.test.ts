/**
 * The content routes and calls through the real HTTP server (production build, seeded database): pages,
 * 404s and redirects, the JSON calls with their errors in both languages, the machine-readable outputs,
 * and the document cache for anonymous visitors.
 */
import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { serveSeededApp } from "../helpers/app-server";
import { element, elements, metaContent, textOf } from "../helpers/html";
import { rawGet } from "../helpers/raw-http";

const server = serveSeededApp();

const get = (path: string, init?: RequestInit) => fetch(server.url + path, { redirect: "manual", ...init });
const getJson = async (path: string, headers: Record<string, string> = {}) => {
  const response = await get(path, { headers });
  return { status: response.status, body: await response.json() };
};

describe("content pages", () => {
  test("home, logs, a category, a post and a page answer 200 in both languages", async () => {
    for (const path of ["/", "/logs", "/books", "/tuts/git-bisect", "/about"]) {
      for (const prefix of ["", "/fa", "/en"]) {
        const response = await get(prefix + (path === "/" && prefix ? "" : path));
        expect(response.status, prefix + path).toBe(200);
      }
    }
  });

  test("a post carries its meta description, Open Graph, Twitter card, JSON-LD article and feed link", async () => {
    const html = await (await get("/en/tuts/git-bisect")).text();
    expect(textOf(element(html, "title"))).toBe("Hunting Bugs with git bisect | Daftar • A developer's notebook");
    expect(metaContent(html, { name: "description" })).toMatch(/^How to use a binary search/);
    expect(metaContent(html, { property: "og:type" })).toBe("article");
    expect(metaContent(html, { property: "og:url" })).toBe(`${server.url}/en/tuts/git-bisect`);
    expect(metaContent(html, { property: "og:image" })).toBe(`${server.url}/share-image/images/content/bisect.svg.png`);
    expect(metaContent(html, { name: "twitter:card" })).toBe("summary_large_image");
    expect(element(html, "link", { rel: "canonical" }).properties.href).toBe(`${server.url}/en/tuts/git-bisect`);
    expect(element(html, "link", { type: "application/atom+xml" }).properties.href).toBe(`${server.url}/en/feed.xml`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld).toMatchObject({
      "@type": "Article",
      headline: "Hunting Bugs with git bisect",
      datePublished: "2026-08-19",
      inLanguage: "en",
      author: { "@type": "Person", name: "Maryam Ahmadi" },
    });
  });

  test("the post shows its date in the Jalali calendar in fa, its reading time, and a sized thumbnail", async () => {
    const html = await (await get("/tuts/git-bisect")).text();
    expect(textOf(element(html, "time", { dateTime: "2026-08-19" }))).toBe("۲۸ مرداد ۱۴۰۵");
    expect(html).toMatch(/[۰-۹]+ دقیقه مطالعه/);
    const thumbnail = element(html, "img", { src: "/images/content/bisect.svg" });
    expect([thumbnail.properties.width, thumbnail.properties.height]).toEqual([1200, 630]);
    expect(html).toContain('data-testid="comments"');
  });

  test("unknown paths and drafts are 404 pages; a trailing slash redirects to the page", async () => {
    for (const path of [
      "/no/such/page",
      "/notes/draft-ideas",
      "/en/notes/draft-ideas",
      "/logs?page=9",
      "/logs?category=cats",
      "/books?page=0",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('data-testid="error-page"');
    }
    const slash = await get("/en/about/");
    expect(slash.status).toBe(301);
    expect(slash.headers.get("location")).toBe("/en/about");
  });

  test("client navigations load category and post data (.data requests)", async () => {
    for (const path of ["/tuts.data", "/en/tuts/git-bisect.data", "/logs.data?page=2"]) {
      expect((await get(path)).status, path).toBe(200);
    }
    expect((await get("/nope.data")).status).toBe(404);
  });

  test("the logs page filters by category and pages with ?page= (Persian digits too)", async () => {
    const notes = await (await get("/en/logs?category=notes")).text();
    expect(notes).toContain("Learning Slowly");
    expect(notes).not.toContain("Hunting Bugs with git bisect");
    const second = await get("/logs?page=۲");
    expect(second.status).toBe(200);
    expect(await second.text()).toContain("صفحهٔ ۲ از ۲");
  });
});

describe("GET /api/content/single", () => {
  test("answers the page with front matter, HTML and TOC", async () => {
    const { status, body } = await getJson("/api/content/single?path=/en/tuts/git-bisect");
    expect(status).toBe(200);
    expect(body.locale).toBe("en");
    expect(body.url).toBe("/en/tuts/git-bisect");
    expect(body.frontMatter).toMatchObject({
      title: "Hunting Bugs with git bisect",
      category: "tuts",
      toc: true,
      draft: false,
    });
    expect(body.html).toContain("<h2");
    expect(body.toc[0]).toMatchObject({ depth: 2, text: expect.any(String), id: expect.any(String) });
    const fa = await getJson("/api/content/single?path=tuts/git-bisect");
    expect(fa.body.locale).toBe("fa");
    const byParam = await getJson("/api/content/single?path=/about&locale=en");
    expect(byParam.body.frontMatter.title).toBe("About");
  });

  test("a missing path is 400, an unknown page or a draft 404, in the caller's language", async () => {
    expect(await getJson("/api/content/single", { "X-Locale": "en" })).toEqual({
      status: 400,
      body: { message: "A content request needs the path parameter" },
    });
    expect(await getJson("/api/content/single?path=", { "X-Locale": "fa" })).toEqual({
      status: 400,
      body: { message: "درخواست محتوا به پارامتر path نیاز دارد" },
    });
    expect(await getJson("/api/content/single?path=/nope", { "X-Locale": "en" })).toEqual({
      status: 404,
      body: { message: "Page not found" },
    });
    expect((await getJson("/api/content/single?path=/notes/draft-ideas")).status).toBe(404);
    expect((await getJson("/api/content/single?path=/about&locale=de", { "X-Locale": "en" })).body.message).toBe(
      "The locale must be fa or en",
    );
  });
});

describe("GET /api/content/query", () => {
  test("posts by locale, category, intro, sort and limit", async () => {
    const books = await getJson("/api/content/query?locale=en&category=books&sort=oldest&limit=2");
    expect(books.status).toBe(200);
    expect(books.body.total).toBe(3);
    expect(books.body.items.map((p: { path: string }) => p.path)).toEqual([
      "/books/golestan-saadi",
      "/books/pragmatic-programmer",
    ]);
    const intro = await getJson("/api/content/query?intro=true&limit=۱");
    expect(intro.body.items).toHaveLength(1);
    expect(intro.body.items[0]).toMatchObject({
      locale: "fa",
      path: "/projects/building-daftar",
      intro: true,
      url: "/projects/building-daftar",
    });
    const all = await getJson("/api/content/query?locale=fa&limit=100");
    expect(all.body.items.map((p: { path: string }) => p.path)).not.toContain("/notes/draft-ideas");
  });

  test("bad parameters are 400 with the issues, in the caller's language", async () => {
    const cases: [string, string][] = [
      ["sort=random", "The sort must be newest, oldest or title"],
      ["limit=0", "The limit must be a whole number from 1 to 100"],
      ["limit=abc", "The limit must be a whole number from 1 to 100"],
      ["intro=maybe", "Must be true or false"],
      ["category=cats", "Unknown category"],
      ["locale=de", "The locale must be fa or en"],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await getJson(`/api/content/query?${query}`, { "X-Locale": "en" });
      expect(status, query).toBe(400);
      expect(body.message, query).toBe(message);
      expect(body.issues?.length, query).toBeGreaterThan(0);
    }
    const fa = await getJson("/api/content/query?sort=random", { "X-Locale": "fa" });
    expect(fa.body.message).toBe("ترتیب باید newest، oldest یا title باشد");
  });
});

describe("GET /api/search", () => {
  test("results for the locale with title, section, URL and highlighted excerpt", async () => {
    const { status, body } = await getJson(`/api/search?q=${encodeURIComponent("git bisect run")}&locale=en`);
    expect(status).toBe(200);
    const top = body.results[0];
    expect(top.path).toBe("/tuts/git-bisect");
    expect(top.url).toMatch(/^\/en\/tuts\/git-bisect(#.+)?$/);
    expect(top.excerpt.some((part: { match: boolean }) => part.match)).toBe(true);
  });

  test("Persian search folds Arabic letters and digits", async () => {
    const arabic = await getJson(`/api/search?q=${encodeURIComponent("گلستان سعدي")}&locale=fa`);
    expect(arabic.body.results[0].path).toBe("/books/golestan-saadi");
    const digits = await getJson(`/api/search?q=${encodeURIComponent("۲۰۰ کامیت")}&locale=fa`);
    expect(digits.body.results[0].path).toBe("/tuts/git-bisect");
  });

  test("an empty query has no results; a bad locale is 400", async () => {
    expect((await getJson("/api/search?q=&locale=en")).body.results).toEqual([]);
    expect((await getJson("/api/search?q=x&locale=xx")).status).toBe(400);
  });
});

describe("share images", () => {
  test("a thumbnail is served as a 1200×630 PNG; anything outside the site's images is 404", async () => {
    const png = await get("/share-image/images/content/bisect.svg.png");
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await png.arrayBuffer());
    const view = new DataView(bytes.buffer);
    // PNG signature, then the IHDR chunk's width and height.
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
    for (const path of ["/share-image/images/nope.svg.png", "/share-image/images/%2e%2e/%2e%2e/package.json.png"]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});

describe("sitemap, robots and feeds over HTTP", () => {
  test("have XML and text content types", async () => {
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(await sitemap.text()).toContain(`<loc>${server.url}/en/about</loc>`);
    // A sitemap that fits in one file has no parts; a part that is no number is none either.
    for (const part of ["1", "2", "x", ""]) expect((await get(`/sitemap.xml?part=${part}`)).status, part).toBe(404);
    const robots = await get("/robots.txt");
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await robots.text()).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    for (const path of ["/feed.xml", "/fa/feed.xml", "/en/feed.xml"]) {
      const feed = await get(path);
      expect(feed.headers.get("content-type"), path).toBe("application/atom+xml; charset=utf-8");
      expect(await feed.text()).toContain(`xml:lang="${path.startsWith("/en") ? "en" : "fa"}"`);
    }
  });
});

describe("document cache", () => {
  test("an anonymous visitor's second request is served from memory as stored, its scripts named by hash", async () => {
    const first = await get("/notes/learning-slowly");
    const firstHtml = await first.text();
    const second = await get("/notes/learning-slowly");
    expect(second.headers.get("x-document-cache")).toBe("hit");
    const html = await second.text();
    // The same Persian document, byte for byte, and the same policy: nothing in either belongs to one request.
    expect(html).toContain('dir="rtl"');
    expect(html).toBe(firstHtml);
    const policy = second.headers.get("content-security-policy")!;
    expect(policy).toBe(first.headers.get("content-security-policy"));
    expect(policy).not.toContain("'nonce-");
    const plain = await get("/notes/learning-slowly", { headers: { "accept-encoding": "identity" } });
    const plainHtml = await plain.text();
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(plainHtml));
    const scripts = elements(html, "script").filter(
      (script) => !script.properties.src && script.properties.type !== "application/ld+json",
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.properties.nonce).toBeUndefined();
      expect(policy).toContain(`'sha256-${createHash("sha256").update(textOf(script)).digest("base64")}'`);
    }
    expect(second.headers.get("x-daftar-document-cache")).toBeNull();
  });

  test("requests with other cookies or unknown parameters are rendered afresh; a session gets the kept page", async () => {
    await (await get("/en/about")).text();
    expect((await get("/en/about")).headers.get("x-document-cache")).toBe("hit");
    // A session with its hint shares the kept page; one without the hint is rendered (and given the hint).
    expect(
      (await get("/en/about", { headers: { cookie: "daftar_session=abc; daftar_signed_in=1" } })).headers.get(
        "x-document-cache",
      ),
    ).toBe("hit");
    expect(
      (await get("/en/about", { headers: { cookie: "daftar_session=abc" } })).headers.get("x-document-cache"),
    ).toBeNull();
    expect(
      (
        await get("/en/about", { headers: { cookie: "daftar_session=abc; daftar_signed_in=1; returning=1" } })
      ).headers.get("x-document-cache"),
    ).toBeNull();
    expect((await get("/en/about?utm=1")).headers.get("x-document-cache")).toBeNull();
    // The language cookie alone keeps the cache, except where it would send the visitor to English.
    expect((await get("/en/about", { headers: { cookie: "locale=en" } })).headers.get("x-document-cache")).toBe("hit");
    await (await get("/about")).text();
    expect((await get("/about", { headers: { cookie: "locale=en" } })).headers.get("x-document-cache")).toBeNull();
  });

  test("without SITE_URL, made-up Host headers are refused and never fill the cache", async () => {
    for (let i = 0; i < 8; i++) {
      const answer = await rawGet(`${server.url}/en/about`, { host: `made-up-${i}.example` });
      expect(answer.status).toBe(421);
      expect(answer.headers["x-document-cache"]).toBeUndefined();
    }
    await (await get("/en/about")).text();
    expect((await get("/en/about")).headers.get("x-document-cache")).toBe("hit");
  });

  test("error pages and redirects are not kept", async () => {
    await get("/nope");
    expect((await get("/nope")).headers.get("x-document-cache")).toBeNull();
    expect((await get("/en/about/")).headers.get("x-document-cache")).toBeNull();
  });
});
