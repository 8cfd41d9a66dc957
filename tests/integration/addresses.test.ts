/**
 * Addresses never break, on the production build: a page moved by a published build answers 301 from its old
 * address (kept like a document), chains collapse to one hop and loops are refused, a deleted page answers 410
 * while an address that never held a page stays 404, the dashboard's redirects refuse what would break them,
 * and the redirects are a file of the committed tree.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { PageSource } from "~/builds/builds.server";
import type { BuildSummary } from "~/builds/builds.server";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { pageFields } from "../helpers/front-matter";
import { clone, git } from "../helpers/git";
import { elements } from "../helpers/html";
import { seedDatabaseAt } from "../helpers/seed";

let server: TestServer;
let editor: ApiClient;
let member: ApiClient;

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  server = await startAppServer();
  editor = new ApiClient(server.url);
  await editor.login("editor");
  member = new ApiClient(server.url);
  await member.login("member");
});
afterAll(async () => {
  await server?.close();
});

const encoded = (address: string) => encodeURI(address);
/** A GET as a visitor's browser sends it, its redirect not followed. */
const visit = (address: string, headers: Record<string, string> = {}) =>
  fetch(server.url + encoded(address), { redirect: "manual", headers });

async function source(locale: string, path: string) {
  const answer = await editor.get<PageSource>(`/api/builds/source?locale=${locale}&path=${encodeURIComponent(path)}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function save(locale: "fa" | "en", path: string, title: string, extra: Record<string, unknown> = {}) {
  const answer = await editor.post("/api/builds/commit", {
    action: "save",
    locale,
    path,
    frontMatter: pageFields(title, extra),
    markdown: `${title}.`,
    baseHash: null,
  });
  expect(answer.status).toBe(201);
}

async function move(locale: "fa" | "en", from: string, to: string, extra: Record<string, unknown> = {}) {
  const opened = await source(locale, from);
  const title = /^title:\s*"?(.*?)"?\s*$/m.exec(opened.text)![1]!;
  const answer = await editor.post("/api/builds/commit", {
    action: "save",
    locale,
    path: to,
    previousPath: from,
    frontMatter: pageFields(title, extra),
    markdown: `${title}.`,
    baseHash: opened.hash,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

async function remove(locale: "fa" | "en", path: string) {
  const opened = await source(locale, path);
  const answer = await editor.post("/api/builds/commit", { action: "delete", locale, path, baseHash: opened.hash });
  expect(answer.status).toBe(201);
}

async function publish() {
  const all = (await editor.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds;
  const open = all.find((b) => b.status === "open")!;
  const answer = await editor.post("/api/builds/run", { buildId: open.id });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function expectRedirect(from: string, to: string) {
  const answer = await visit(from);
  expect(answer.status, `${from} → ${to}`).toBe(301);
  expect(decodeURI(answer.headers.get("location")!)).toBe(to);
}

describe("a moved page keeps its old address", () => {
  test("publishing a move makes the old address a kept 301 to the new one; an unpublished move leaves none", async () => {
    await save("en", "/notes/hello-a", "Hello");
    await save("fa", "/یادداشت/سلام", "سلام");
    await save("en", "/notes/secret-a", "Secret", { draft: true });
    await publish();
    expect((await visit("/en/notes/hello-a")).status).toBe(200);

    await move("en", "/notes/hello-a", "/notes/hello-b");
    // Saved, not published: the page is where it was.
    expect((await visit("/en/notes/hello-a")).status).toBe(200);
    await publish();

    await expectRedirect("/en/notes/hello-a", "/en/notes/hello-b");
    expect((await visit("/en/notes/hello-b")).status).toBe(200);
    // The same answer for every reader: kept, and kept the same in every encoding.
    const again = await visit("/en/notes/hello-a", { "accept-encoding": "gzip" });
    expect(again.status).toBe(301);
    expect(again.headers.get("x-document-cache")).toBe("hit");
    expect(again.headers.get("content-encoding")).toBeNull();
    expect(decodeURI(again.headers.get("location")!)).toBe("/en/notes/hello-b");
    // The query is kept; the Persian prefix is the same address.
    const withQuery = await visit("/en/notes/hello-a?ref=feed");
    expect(withQuery.headers.get("location")).toBe("/en/notes/hello-b?ref=feed");
  });

  test("a Persian address moves too, percent-encoded in Location, under /fa as well", async () => {
    await move("fa", "/یادداشت/سلام", "/یادداشت/درود");
    await publish();
    await expectRedirect("/یادداشت/سلام", "/یادداشت/درود");
    await expectRedirect("/fa/یادداشت/سلام", "/یادداشت/درود");
    expect((await visit("/یادداشت/سلام")).headers.get("location")).toMatch(/^[\x21-\x7e]+$/);
  });

  test("moving again collapses the chain to one hop; moving back takes the address back", async () => {
    await move("en", "/notes/hello-b", "/notes/hello-c");
    await publish();
    await expectRedirect("/en/notes/hello-a", "/en/notes/hello-c");
    await expectRedirect("/en/notes/hello-b", "/en/notes/hello-c");

    await move("en", "/notes/hello-c", "/notes/hello-a");
    await publish();
    expect((await visit("/en/notes/hello-a")).status).toBe(200);
    await expectRedirect("/en/notes/hello-b", "/en/notes/hello-a");
    await expectRedirect("/en/notes/hello-c", "/en/notes/hello-a");
  });

  test("a draft's address was never public: moving it leaves nothing behind", async () => {
    await move("en", "/notes/secret-a", "/notes/secret-b", { draft: true });
    await publish();
    expect((await visit("/en/notes/secret-a")).status).toBe(404);
  });
});

describe("a deleted page", () => {
  test("answers 410 with a page that says so and offers search, in both languages; never-existing stays 404", async () => {
    await save("en", "/notes/short-lived", "Short lived");
    await save("fa", "/یادداشت/کوتاه", "کوتاه");
    await publish();
    await remove("en", "/notes/short-lived");
    await remove("fa", "/یادداشت/کوتاه");
    await publish();

    const en = await visit("/en/notes/short-lived");
    expect(en.status).toBe(410);
    const html = await en.text();
    expect(html).toContain("This Page Was Removed");
    expect(elements(html, "meta", { name: "robots", content: "noindex" })).toHaveLength(1);
    expect(elements(html, "button", { dataTestid: "error-search" })).toHaveLength(1);
    expect((await visit("/en/notes/short-lived")).headers.get("x-document-cache")).toBe("hit");

    const fa = await visit("/یادداشت/کوتاه");
    expect(fa.status).toBe(410);
    expect(await fa.text()).toContain("این صفحه حذف شده است");

    expect((await visit("/en/notes/never-was")).status).toBe(404);
    expect((await visit("/en/notes/never-was")).headers.get("x-document-cache")).toBeNull();
  });

  test("a page published again at a deleted address takes it back", async () => {
    await save("en", "/notes/short-lived", "Back again");
    await publish();
    expect((await visit("/en/notes/short-lived")).status).toBe(200);
  });
});

describe("the dashboard's redirects", () => {
  const add = (from: string, to: string, client = editor) => client.post("/api/redirects/new", { from, to });

  test("chains collapse as they are added, loops and live pages are refused with a message", async () => {
    expect((await add("/en/old/x1", "/en/old/x2")).status).toBe(201);
    // Adding x2 → x3 rewrites x1 → x2 into x1 → x3.
    expect((await add("/en/old/x2", "/en/old/x3")).status).toBe(201);
    await expectRedirect("/en/old/x1", "/en/old/x3");
    // Adding x0 → x1 stores x0 → x3.
    const collapsed = await add("/en/old/x0", "/en/old/x1");
    expect(collapsed.body.redirect).toMatchObject({ from: "/en/old/x0", to: "/en/old/x3" });

    const self = await add("/en/old/y", "/en/old/y/");
    expect(self.status).toBe(400);
    expect(self.body.issues).toEqual([
      { path: "to", message: "This would make a loop: the new address leads back to the old one" },
    ]);
    const back = await add("/en/old/x3", "/en/old/x1");
    expect(back.status).toBe(400);
    expect(back.body.message).toBe("This would make a loop: the new address leads back to the old one");

    const live = await add("/en/notes/hello-a", "/en/notes/elsewhere");
    expect(live.status).toBe(400);
    expect(live.body.issues?.[0]?.path).toBe("from");
    expect((await visit("/en/notes/hello-a")).status).toBe(200);

    const persian = new ApiClient(server.url, "fa");
    for (const [name, value] of editor.cookies) persian.cookies.set(name, value);
    const inPersian = await add("/en/old/x3", "/en/old/x1", persian);
    expect(inPersian.body.message).toBe("این کار دور می‌سازد: نشانی تازه به خود نشانی قدیمی برمی‌گردد");

    const elsewhere = [
      "https://evil.example/",
      "//evil.example",
      "/%2F/evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
    ];
    for (const target of elsewhere) {
      const away = await add("/en/old/away", target);
      expect(away.status, target).toBe(400);
      expect(away.body.issues?.[0]?.path).toBe("to");
    }
    expect((await visit("/en/old/away")).status).toBe(404);
  });

  test("changing and removing take effect at once; only those who may publish change redirects", async () => {
    expect((await add("/en/old/z", "/en/old/w", member)).status).toBe(403);
    const created = await add("/en/old/m", "/en/old/n");
    const id = (created.body.redirect as { id: number }).id;
    await expectRedirect("/en/old/m", "/en/old/n");
    expect((await visit("/en/old/m")).headers.get("x-document-cache")).toBe("hit");

    const changed = await editor.put("/api/redirects/update", { id, from: "/en/old/m", to: "/en/old/o" });
    expect(changed.status).toBe(200);
    await expectRedirect("/en/old/m", "/en/old/o");
    const now = (changed.body.redirect as { id: number }).id;
    expect((await member.post("/api/redirects/remove", { id: now })).status).toBe(403);
    expect((await editor.post("/api/redirects/remove", { id: now })).status).toBe(200);
    expect((await visit("/en/old/m")).status).toBe(404);
    expect((await editor.post("/api/redirects/remove", { id: now })).status).toBe(404);

    const screen = await editor.raw("GET", "/en/manage/items/redirects?q=x3");
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(elements(html, "li", { dataTestid: "redirect-row" })).toHaveLength(3);
  });
});

describe("in the repository", () => {
  test("the redirects are a file of the committed tree, one line each in a stable order, public in clones", async () => {
    await save("en", "/notes/for-the-file", "For the file");
    await publish();
    const repo = await clone(`${server.url}/git/content.git`);
    const file = await git(repo, "show", "HEAD:content/redirects.yaml");
    const lines = file.split("\n").filter((line) => line.startsWith("- "));
    expect(lines).toContain('- { from: "/en/notes/hello-b", to: "/en/notes/hello-a", kind: moved }');
    expect(lines).toContain('- { from: "/یادداشت/سلام", to: "/یادداشت/درود", kind: moved }');
    expect(lines).toContain('- { from: "/en/old/x1", to: "/en/old/x3", kind: manual }');
    expect(lines).toEqual([...lines].sort());
    expect(file).not.toContain("secret");
  });
});
