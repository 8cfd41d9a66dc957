/**
 * What the editor's post-settings panel relies on, on the production build: the tag suggestions call (who may ask,
 * the counts, the language) and the site's head using a page's own search and social words once published.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BuildSummary, PageSource } from "~/builds/builds.server";
import type { EditorSuggestions } from "~/editor/suggestions.server";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { pageFields } from "../helpers/front-matter";
import { seedDatabaseAt } from "../helpers/seed";

let server: TestServer;
let editor: ApiClient;

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  server = await startAppServer();
  editor = new ApiClient(server.url);
  await editor.login("editor");
});
afterAll(async () => {
  await server?.close();
});

async function suggestions(locale: string, client = editor) {
  const answer = await client.get<EditorSuggestions>(`/api/editor/suggestions?locale=${locale}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

const countOf = (found: EditorSuggestions, name: string) => found.tags.find((tag) => tag.name === name)?.count ?? 0;

async function publishOpenBuild() {
  const all = (await editor.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds;
  const open = all.find((b) => b.status === "open")!;
  const answer = await editor.post("/api/builds/run", { buildId: open.id });
  expect(answer.status).toBe(200);
}

async function save(locale: string, path: string, frontMatter: Record<string, unknown>, markdown = "Text.") {
  const source = await editor.get<PageSource>(`/api/builds/source?locale=${locale}&path=${encodeURIComponent(path)}`);
  const answer = await editor.post("/api/builds/commit", {
    action: "save",
    locale,
    path,
    frontMatter,
    markdown,
    baseHash: source.status === 200 && source.body.exists ? source.body.hash : null,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
}

const metaOf = (html: string, attribute: "name" | "property", key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe("tag suggestions", () => {
  test("a member who may not write is refused, in their language, and a visitor must sign in", async () => {
    const member = new ApiClient(server.url);
    await member.login("member");
    const refused = await member.get<{ message: string }>("/api/editor/suggestions?locale=en");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Forbidden: You do not have permission to see the site's tags and writers.");
    const persian = await member.raw("GET", "/api/editor/suggestions?locale=fa", { headers: { "X-Locale": "fa" } });
    expect(persian.status).toBe(403);
    expect(((await persian.json()) as { message: string }).message).toBe(
      "ممنوع: شما اجازهٔ دیدن برچسب‌ها و نویسندگان سایت را ندارید.",
    );
    const visitor = await fetch(`${server.url}/api/editor/suggestions?locale=en`);
    expect(visitor.status).toBe(401);
  });

  test("a bad language is refused", async () => {
    const answer = await editor.get("/api/editor/suggestions?locale=de");
    expect(answer.status).toBe(400);
  });

  test("each tag is counted by the published posts carrying it, in that language only, most used first", async () => {
    const before = { en: await suggestions("en"), fa: await suggestions("fa") };
    const counts = before.en.tags.map((tag) => tag.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const known = before.en.tags[0]!;
    expect(known.count).toBeGreaterThan(0);

    await save(
      "en",
      "/notes/tagged-one",
      pageFields("Tagged one", { date: "2026-11-01", tags: ["zz-fresh", known.name] }),
    );
    await save("en", "/notes/tagged-two", pageFields("Tagged two", { date: "2026-11-02", tags: ["ZZ-Fresh"] }));
    await save(
      "en",
      "/notes/tagged-draft",
      pageFields("Draft", { date: "2026-11-03", tags: ["zz-fresh"], draft: true }),
    );
    await save("fa", "/notes/tagged-fa", pageFields("برچسب‌دار", { date: "2026-11-04", tags: ["تازه‌ترین"] }));
    // Saved is not published: nothing counts yet.
    expect(countOf(await suggestions("en"), "zz-fresh")).toBe(0);
    await publishOpenBuild();

    const after = { en: await suggestions("en"), fa: await suggestions("fa") };
    // "zz-fresh" and "ZZ-Fresh" are one tag; the draft is not public and does not count.
    const fresh = after.en.tags.filter((tag) => tag.name.toLowerCase() === "zz-fresh");
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.count).toBe(2);
    expect(countOf(after.en, known.name)).toBe(known.count + 1);
    expect(countOf(after.en, "تازه‌ترین")).toBe(0);
    expect(countOf(after.fa, "تازه‌ترین")).toBe(1);
    expect(after.fa.tags.some((tag) => tag.name.toLowerCase() === "zz-fresh")).toBe(false);
    expect(after.fa.tags.length).toBe(before.fa.tags.length + 1);
  });

  test("the writers offered as authors are the enabled members who may write, by the name they show", async () => {
    const { authors } = await suggestions("en");
    const names = authors.map((author) => author.name);
    expect(names).toContain("Eli Editor");
    expect(names).toContain("Ava Admin");
    expect(names).not.toContain("Mo Member");
  });
});

describe("the head uses a page's own search and social words", () => {
  test("seoTitle and seoDescription become the title, description and cards; without them, the title's", async () => {
    await save(
      "en",
      "/notes/seo-words",
      pageFields("The article headline", {
        date: "2026-11-05",
        description: "The excerpt.",
        seoTitle: "Search engines see this",
        seoDescription: "A description written for search results.",
      }),
    );
    await save(
      "en",
      "/notes/plain-words",
      pageFields("A plain headline", { date: "2026-11-06", description: "Its excerpt." }),
    );
    const pending = await editor.get<PageSource>(
      `/api/builds/source?locale=en&path=${encodeURIComponent("/notes/seo-words")}`,
    );
    expect(pending.body.text).toContain('seoTitle: "Search engines see this"');
    const plain = await editor.get<PageSource>(
      `/api/builds/source?locale=en&path=${encodeURIComponent("/notes/plain-words")}`,
    );
    expect(plain.body.text).not.toContain("seo");
    await publishOpenBuild();

    const html = await (await fetch(`${server.url}/en/notes/seo-words`)).text();
    expect(titleOf(html)).toBe("Search engines see this");
    expect(metaOf(html, "name", "description")).toBe("A description written for search results.");
    expect(metaOf(html, "property", "og:title")).toBe("Search engines see this");
    expect(metaOf(html, "property", "og:description")).toBe("A description written for search results.");
    expect(metaOf(html, "name", "twitter:title")).toBe("Search engines see this");
    expect(metaOf(html, "name", "twitter:description")).toBe("A description written for search results.");
    // The article's heading is still its title.
    expect(html).toMatch(/<h1[^>]*>(?:<[^>]+>)*The article headline/);

    const plainHtml = await (await fetch(`${server.url}/en/notes/plain-words`)).text();
    expect(titleOf(plainHtml)).toMatch(/^A plain headline \| /);
    expect(metaOf(plainHtml, "name", "description")).toBe("Its excerpt.");
    expect(metaOf(plainHtml, "property", "og:title")).toBe("A plain headline");
  });
});
