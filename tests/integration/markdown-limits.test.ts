/**
 * Markdown the site does not render, on the production build, on every path a text takes: the editor's preview
 * and save refuse it with what to change (English and Persian), publishing refuses a build holding such a text
 * (saved before the limits existed), an import leaves it out and names it, and a published page past the limits
 * is shown as written with the reason, never as an error and never changed. Ordinary long texts render.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BuildSummary, PageSource } from "~/builds/builds.server";
import { changeTransaction } from "~/cluster/change-feed.server";
import { getDb } from "~/db/client.server";
import { commits, pages } from "~/db/schema";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { startGitServer, type GitServer } from "../helpers/git";
import { elements, parseHtml, textOf } from "../helpers/html";
import { seedDatabaseAt } from "../helpers/seed";
import { pageFields } from "../helpers/front-matter";

// The git server runs on loopback: the operator allows it, as for a host on their own network.
process.env.GIT_HOST_ALLOW_PRIVATE = "127.0.0.0/8";

const TOKEN = "markdown-limits-token";
let server: TestServer;
let gitServer: GitServer;
let editor: ApiClient;
let editorFa: ApiClient;
let admin: ApiClient;

const brackets = "[".repeat(20_000) + "]".repeat(20_000);
const deep = "> ".repeat(40) + "a";

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  gitServer = await startGitServer(TOKEN);
  await gitServer.createRepository("notebook", { "README.md": "# Notebook\n" });
  server = await startAppServer();
  editor = new ApiClient(server.url, "en");
  await editor.login("editor");
  editorFa = editor.clone();
  Object.assign(editorFa, { locale: "fa" });
  admin = new ApiClient(server.url);
  await admin.login("admin");
}, 120_000);
afterAll(async () => {
  await server?.close();
  await gitServer?.close();
});

async function source(pagePath: string) {
  return (await editor.get<PageSource>(`/api/builds/source?locale=en&path=${encodeURIComponent(pagePath)}`)).body;
}

async function openBuild(): Promise<BuildSummary | undefined> {
  return (await admin.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds.find((b) => b.status === "open");
}

describe("the editor's preview", () => {
  test("refuses a paragraph of too many marks at once, naming its line, in the writer's language", async () => {
    const started = performance.now();
    const en = await editor.post("/api/builds/preview", { locale: "en", markdown: `Intro.\n\n${brackets}` });
    expect(en.status).toBe(422);
    expect(en.body.message).toBe(
      "The paragraph at line 3 has more than 2000 of the marks that make links and emphasis ([ ] * _ ~). Split it with empty lines, or write a mark that is only text with a backslash before it (\\*).",
    );
    const fa = await editorFa.post("/api/builds/preview", { locale: "fa", markdown: `Intro.\n\n${brackets}` });
    expect(fa.status).toBe(422);
    expect(fa.body.message).toContain("بند سطر ۳ بیش از ۲۰۰۰ نشانهٔ پیوند و تأکید");
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  test("refuses lists and quotes nested too deep", async () => {
    const answer = await editor.post("/api/builds/preview", { locale: "en", markdown: deep });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(
      "Lists and quotes nest 40 levels deep at line 1; at most 16 levels are rendered. Nest them less deeply.",
    );
  });

  test("renders a long ordinary text (a 150 KB changelog)", async () => {
    const markdown = readFileSync(
      path.resolve(import.meta.dirname, "../../node_modules/react-router/CHANGELOG.md"),
      "utf8",
    );
    const answer = await editor.post<{ html: string }>("/api/builds/preview", { locale: "en", markdown });
    expect(answer.status).toBe(200);
    expect(elements(parseHtml(answer.body.html), "h2").length).toBeGreaterThan(50);
  });
});

describe("saving, publishing and importing", () => {
  test("a save past the limits is refused with the reason, and nothing is written", async () => {
    const before = await openBuild();
    const answer = await editor.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: "/notes/dense",
      frontMatter: pageFields("Dense"),
      markdown: `Intro.\n\n${brackets}`,
      baseHash: null,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain("The paragraph at line 3 has more than 2000");
    expect((await source("/notes/dense")).exists).toBe(false);
    expect((await openBuild())?.commits.length ?? 0).toBe(before?.commits.length ?? 0);
  });

  test("publishing refuses a build holding a text past the limits (saved before they existed), naming it", async () => {
    const saved = await editor.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: "/notes/fine",
      frontMatter: pageFields("Fine"),
      markdown: "A fine page.",
      baseHash: null,
    });
    expect(saved.status).toBe(201);
    const open = (await openBuild())!;
    const db = await getDb();
    const now = new Date();
    await db.insert(commits).values({
      buildId: open.id,
      message: "Saved before the limits",
      path: "content/en/notes/old-dense.md",
      content: `---\ntitle: "Old"\n---\n\n${deep}\n`,
      createdAt: now,
      updatedAt: now,
    });
    const answer = await admin.post("/api/builds/run", { buildId: open.id });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(
      "These pages cannot be rendered as they are: content/en/notes/old-dense.md. Open each in the editor: its preview says what to change.",
    );
    expect((await fetch(`${server.url}/en/notes/fine`)).status).toBe(404);
    await db.delete(commits).where(eq(commits.path, "content/en/notes/old-dense.md"));
  });

  test("an import leaves out a file past the limits and names it", async () => {
    await admin.put("/api/builds/host", {
      kind: "git",
      url: `${gitServer.url}/notebook.git`,
      branch: "main",
      token: TOKEN,
    });
    await gitServer.commitElsewhere(
      "notebook",
      {
        "content/en/notes/imported.md": '---\ntitle: "Imported"\n---\n\nImported text.\n',
        "content/en/notes/too-deep.md": `---\ntitle: "Deep"\n---\n\n${deep}\n`,
      },
      "Two pages written on the host",
    );
    const answer = await admin.post<{ imported: number; skipped: { path: string; reason: string }[] }>(
      "/api/builds/import",
    );
    expect(answer.status).toBe(200);
    expect(answer.body.skipped).toContainEqual({ path: "content/en/notes/too-deep.md", reason: "tooComplex" });
    expect(answer.body.message).toContain("Skipped: content/en/notes/too-deep.md");
    const open = (await openBuild())!;
    expect(open.commits.map((c) => c.path)).toContain("content/en/notes/imported.md");
    expect(open.commits.map((c) => c.path)).not.toContain("content/en/notes/too-deep.md");
  });
});

describe("a published page past the limits", () => {
  test("is shown as written, escaped, with the reason in the page's language", async () => {
    const hostile = `<script>alert(1)</script>\n\n${deep}`;
    const db = await getDb();
    await changeTransaction(db, async (tx, announce) => {
      for (const locale of ["en", "fa"] as const) {
        await tx
          .update(pages)
          .set({ body: hostile })
          .where(and(eq(pages.locale, locale), eq(pages.path, "/about")));
        announce({ topic: "content", detail: [{ locale, path: "/about" }] });
      }
    });
    const deadline = Date.now() + 5_000;
    let html = "";
    while (Date.now() < deadline) {
      const response = await fetch(`${server.url}/en/about`);
      expect(response.status).toBe(200);
      html = await response.text();
      if (html.includes("shown as written")) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const tree = parseHtml(html);
    const note = elements(tree, "p", { role: "note" })[0]!;
    expect(textOf(note)).toBe(
      "This text is shown as written, without formatting: Lists and quotes nest 40 levels deep at line 3; at most 16 levels are rendered. Nest them less deeply.",
    );
    expect(elements(tree, "script").some((script) => textOf(script).trim() === "alert(1)")).toBe(false);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    const fa = await (await fetch(`${server.url}/about`)).text();
    expect(fa).toContain("این متن همان‌طور که نوشته شده و بدون قالب‌بندی نمایش داده می‌شود");
    // The text is stored as it was written.
    const row = await db.select({ body: pages.body }).from(pages).where(eq(pages.path, "/about")).get();
    expect(row?.body).toBe(hostile);
  });
});
