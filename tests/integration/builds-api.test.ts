/**
 * The editor's saves and publishing through the API, on the production build: commits in the one open build,
 * the version check between two editors, publishing all at once, and the site's own repository cloned with git.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { PageSource } from "~/builds/builds.server";
import type { BuildSummary } from "~/builds/builds.server";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { clone, git } from "../helpers/git";
import { seedDatabaseAt } from "../helpers/seed";
import { pageFields } from "../helpers/front-matter";

let server: TestServer;
let editor: ApiClient;
let admin: ApiClient;

const ZWNJ = "\u200C";

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  server = await startAppServer();
  editor = new ApiClient(server.url);
  await editor.login("editor");
  admin = new ApiClient(server.url);
  await admin.login("admin");
});
afterAll(async () => {
  await server?.close();
});

async function source(client: ApiClient, locale: string, pagePath: string) {
  const answer = await client.get<PageSource>(
    `/api/builds/source?locale=${locale}&path=${encodeURIComponent(pagePath)}`,
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

async function builds(client = editor) {
  return (await client.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds;
}

describe("saving into the open build", () => {
  test("a new Persian post is a commit in a build opened for it", async () => {
    const answer = await editor.post("/api/builds/commit", {
      action: "save",
      locale: "fa",
      path: "/notes/نیم-فاصله",
      frontMatter: pageFields(`نیم${ZWNJ}فاصله در وب`, { date: "۲۰۲۶-۱۱-۲۰", category: "notes", tags: ["تایپوگرافی"] }),
      markdown: `متنی با نیم${ZWNJ}فاصله و React Router 8.`,
      baseHash: null,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe("Commit created successfully");
    const open = (await builds()).find((b) => b.status === "open")!;
    expect(open.commits).toHaveLength(1);
    expect(open.commits[0]).toMatchObject({ path: "content/fa/notes/نیم-فاصله.md", action: "create" });
    const saved = await source(editor, "fa", "/notes/نیم-فاصله");
    expect(saved.pending).toBe(true);
    expect(saved.text).toContain(`title: "نیم${ZWNJ}فاصله در وب"`);
    expect(saved.text).toContain("date: 2026-11-20");
  });

  test("saving the same page again replaces its commit", async () => {
    const before = await source(editor, "fa", "/notes/نیم-فاصله");
    const answer = await editor.post("/api/builds/commit", {
      action: "save",
      locale: "fa",
      path: "/notes/نیم-فاصله",
      frontMatter: pageFields(`نیم${ZWNJ}فاصله در وب`, { date: "2026-11-20", category: "notes", tags: ["تایپوگرافی"] }),
      markdown: "نسخهٔ دوم.",
      baseHash: before.hash,
    });
    expect(answer.status).toBe(201);
    const open = (await builds()).find((b) => b.status === "open")!;
    expect(open.commits.filter((c) => c.path === "content/fa/notes/نیم-فاصله.md")).toHaveLength(1);
  });

  test("the second of two editors saving the same page from the same version is refused", async () => {
    const opened = await source(editor, "en", "/about");
    expect(opened.published).toBe(true);
    const text = (markdown: string) => ({
      action: "save",
      locale: "en",
      path: "/about",
      frontMatter: pageFields("About"),
      markdown,
      baseHash: opened.hash,
    });
    const first = await editor.post("/api/builds/commit", text("First editor's words."));
    expect(first.status).toBe(201);
    const second = await admin.post("/api/builds/commit", text("Second editor's words."));
    expect(second.status).toBe(409);
    expect(second.body.message).toContain("saved this page since you opened it");
    const now = await source(editor, "en", "/about");
    expect(now.text).toContain("First editor's words.");
    // Based on the latest version, the second editor's save goes through.
    const third = await admin.post("/api/builds/commit", { ...text("Both editors' words."), baseHash: now.hash });
    expect(third.status).toBe(201);
  });

  test("without commit.create the save is forbidden, with the product's message", async () => {
    const member = new ApiClient(server.url);
    await member.login("member");
    const answer = await member.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: "/x",
      frontMatter: pageFields("X"),
      markdown: "x",
      baseHash: null,
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe("Forbidden: You do not have permission to create commits.");
  });

  test("bad input is refused and changes nothing", async () => {
    const before = (await builds()).find((b) => b.status === "open")!.commits.length;
    const answers = await Promise.all([
      editor.post("/api/builds/commit", {
        action: "save",
        locale: "en",
        path: "/manage/x",
        frontMatter: pageFields("X"),
        markdown: "",
        baseHash: null,
      }),
      editor.post("/api/builds/commit", {
        action: "save",
        locale: "en",
        path: "/x",
        frontMatter: pageFields(""),
        markdown: "",
        baseHash: null,
      }),
      editor.post("/api/builds/commit", {
        action: "save",
        locale: "en",
        path: "/x",
        frontMatter: pageFields("X", { date: "2026-02-30" }),
        markdown: "",
        baseHash: null,
      }),
      editor.post("/api/builds/commit", {
        action: "save",
        locale: "en",
        path: "/about",
        frontMatter: pageFields("X"),
        markdown: "",
        baseHash: null,
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 409]);
    expect((await builds()).find((b) => b.status === "open")!.commits.length).toBe(before);
  });
});

describe("publishing", () => {
  test("every change goes live at once, and the site's repository gets one commit", async () => {
    const open = (await builds()).find((b) => b.status === "open")!;
    const answer = await editor.post("/api/builds/run", { buildId: open.id });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Build committed and pushed successfully");

    const post = await fetch(`${server.url}/notes/${encodeURIComponent("نیم-فاصله")}`);
    expect(post.status).toBe(200);
    expect(await post.text()).toContain("نسخهٔ دوم.");
    expect(await (await fetch(`${server.url}/en/about`)).text()).toContain("Both editors' words.");

    const published = (await builds()).find((b) => b.id === open.id)!;
    expect(published.status).toBe("published");
    expect(published.localCommit).toMatch(/^[0-9a-f]{40}$/);

    // The site's own repository (this instance's copy) has the build as one commit, its co-authors named.
    const site = path.join(process.env.DATA_DIR!, "repository", "content.git");
    expect(await git(site, "rev-parse", "main")).toBe(published.localCommit);
    expect(await git(site, "log", "-1", "--format=%B", "main")).toContain(
      "Co-authored-by: Ava Admin <admin@daftar.invalid>",
    );
    // A clone gets it too, as the site shows it (the public history: no co-author lines, which name draft work too).
    const repo = await clone(`${server.url}/git/content.git`);
    expect(await git(repo, "log", "--format=%s")).toBe(
      `Build ${open.name}\nContent of the site when its history began`,
    );
    expect((await git(repo, "show", "--name-status", "--format=", "HEAD")).split("\n").sort()).toEqual([
      "A\tcontent/fa/notes/نیم-فاصله.md",
      "M\tcontent/en/about.md",
    ]);
    expect(await git(site, "log", "-1", "--format=%an <%ae>", "main")).toBe("Eli Editor <editor@daftar.invalid>");
    expect(await git(repo, "log", "-1", "--format=%an <%ae>")).toBe("Eli Editor <daftar@daftar.invalid>");
    expect(await git(repo, "log", "-1", "--format=%B")).not.toContain("Co-authored-by");
    await git(repo, "fsck", "--strict");
    // The bundled pages are in the first commit byte for byte.
    expect(readFileSync(path.join(repo, "content/en/tuts/git-bisect.md"), "utf8")).toBe(
      readFileSync(path.join(import.meta.dirname, "../../content/en/tuts/git-bisect.md"), "utf8"),
    );
  });

  test("a published build is not published twice, and an empty build has nothing to publish", async () => {
    const done = (await builds()).find((b) => b.status === "published" && b.kind === "edit")!;
    const again = await editor.post("/api/builds/run", { buildId: done.id });
    expect(again.status).toBe(409);
    const missing = await editor.post("/api/builds/run", { buildId: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Build not found");
  });

  test("a clone fetches the next build as one new commit", async () => {
    const repo = await clone(`${server.url}/git/content.git`);
    const opened = await source(editor, "en", "/contact");
    await editor.post("/api/builds/commit", {
      action: "delete",
      locale: "en",
      path: "/contact",
      baseHash: opened.hash,
    });
    const open = (await builds()).find((b) => b.status === "open")!;
    expect((await editor.post("/api/builds/run", { buildId: open.id })).status).toBe(200);
    // A deleted public page's address says it is gone for good (decision 034).
    expect((await fetch(`${server.url}/en/contact`)).status).toBe(410);
    await git(repo, "pull", "-q", "--ff-only");
    expect(await git(repo, "log", "-1", "--format=%s")).toBe(`Build ${open.name}`);
    expect(await git(repo, "show", "--name-status", "--format=", "HEAD")).toBe("D\tcontent/en/contact.md");
  });

  test("the repository cannot be pushed to", async () => {
    const response = await fetch(`${server.url}/git/content.git/info/refs?service=git-receive-pack`);
    expect(response.status).toBe(403);
  });
});
