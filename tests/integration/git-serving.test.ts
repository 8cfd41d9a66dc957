/**
 * The site's repository as git clients get it (`git clone <site>/git/content.git`), with real git: by default it
 * holds only what the site shows anonymously (published pages that are not drafts, and the images they use), in
 * every object of its history and on every instance alike; the owner may instead serve the whole repository to
 * people who may read builds (HTTP Basic with their user name and password), or not serve it at all.
 */
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BuildSummary, PageSource } from "~/builds/builds.server";
import { eq } from "drizzle-orm";
import { blobId } from "~/builds/git/objects.server";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { clone, git, tempDir } from "../helpers/git";
import { picture } from "../helpers/images";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite } from "../helpers/site-process";
import { execGroup } from "../../scripts/process-group";
import { pageFields } from "../helpers/front-matter";

const SECRET = "CONFIDENTIAL: launch date 2027-03-14";
const SECRET_TITLE = "Launch plan (CONFIDENTIAL title)";
const SECOND_SECRET = "CONFIDENTIAL again: the price is 42";

let server: TestServer;
let editor: ApiClient;
let admin: ApiClient;
let anonymous: ApiClient;
let draftImage: { url: string; file: string; bytes: Buffer };

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  server = await startAppServer();
  editor = new ApiClient(server.url);
  await editor.login("editor");
  admin = new ApiClient(server.url);
  await admin.login("admin");
  anonymous = new ApiClient(server.url);
});
afterAll(async () => {
  await server?.close();
});

async function source(locale: string, pagePath: string): Promise<PageSource> {
  return (await editor.get<PageSource>(`/api/builds/source?locale=${locale}&path=${encodeURIComponent(pagePath)}`))
    .body;
}

/** Saves each page into the open build and publishes it. */
async function publish(
  pages: { locale?: string; path: string; title: string; markdown: string; draft?: boolean; publishAt?: string }[],
): Promise<BuildSummary> {
  for (const page of pages) {
    const locale = page.locale ?? "en";
    const opened = await source(locale, page.path);
    const answer = await editor.post("/api/builds/commit", {
      action: "save",
      locale,
      path: page.path,
      frontMatter: pageFields(page.title, {
        draft: page.draft ?? false,
        ...(page.publishAt ? { publishAt: page.publishAt } : {}),
      }),
      markdown: page.markdown,
      baseHash: opened.published || opened.pending ? opened.hash : null,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }
  const list = (await editor.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds;
  const open = list.find((b) => b.status === "open")!;
  const ran = await editor.post("/api/builds/run", { buildId: open.id });
  expect(ran.status, JSON.stringify(ran.body)).toBe(200);
  return (await editor.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds.find((b) => b.id === open.id)!;
}

/** Everything a clone holds, as text: every commit with its patches, and every object's bytes. */
async function everything(repo: string): Promise<string> {
  const log = await git(repo, "log", "-p", "--all", "--format=%H%n%an <%ae>%n%B");
  const stdout = await execGroup("git", ["cat-file", "--batch-all-objects", "--batch"], {
    cwd: repo,
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", HOME: repo },
  });
  return `${log}\n${stdout.toString("utf8")}`;
}

async function hasObject(repo: string, oid: string): Promise<boolean> {
  return git(repo, "cat-file", "-e", oid).then(
    () => true,
    () => false,
  );
}

/** The body of a bundled draft, a phrase that appears nowhere else. */
const bundledDraft = readFileSync(path.join(import.meta.dirname, "../../content/en/notes/draft-ideas.md"), "utf8");
const BUNDLED_DRAFT_PHRASE = "Why I still use Vim in the terminal";
expect(bundledDraft).toContain(BUNDLED_DRAFT_PHRASE);

async function setAccess(access: string) {
  const { version } = (await admin.get<{ version: number }>("/api/settings")).body;
  const answer = await admin.put("/api/settings", { version, repositoryAccess: access });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe("the repository anonymous visitors clone holds only what the site shows", () => {
  let repo: string;

  test("a published draft's text, its title and the image only it uses are in no object of the clone", async () => {
    const bytes = Buffer.from(await picture(640, 480, "png"));
    const uploaded = await editor.raw("POST", `/api/media/upload?name=${encodeURIComponent("launch-map.png")}`, {
      body: bytes,
      headers: { "Content-Type": "application/octet-stream" },
    });
    expect(uploaded.status).toBe(201);
    const image = (await uploaded.json()) as { url: string; file: string };
    const stored = Buffer.from(await (await editor.raw("GET", image.url)).arrayBuffer());
    draftImage = { ...image, bytes: stored };

    // The publisher has an e-mail address, which the site shows nobody.
    await (await getDb()).update(users).set({ email: "eli.private@example.com" }).where(eq(users.userName, "editor"));
    await publish([
      { path: "/notes/launch-plan", title: SECRET_TITLE, markdown: `${SECRET}\n\n![map](${image.url})`, draft: true },
      { path: "/notes/open-note", title: "An open note", markdown: "Open words for everyone." },
    ]);
    expect((await anonymous.raw("GET", "/en/notes/launch-plan")).status).toBe(404);
    expect((await anonymous.raw("GET", "/en/notes/open-note")).status).toBe(200);

    repo = await clone(`${server.url}/git/content.git`);
    const held = await everything(repo);
    expect(held).toContain("Open words for everyone.");
    expect(held).not.toContain(SECRET);
    expect(held).not.toContain(SECRET_TITLE);
    expect(held).not.toContain("launch-map");
    expect(held).not.toContain("eli.private@example.com");
    expect(await git(repo, "log", "-1", "--format=%an <%ae>")).toBe("Eli Editor <daftar@daftar.invalid>");
    const site = path.join(process.env.DATA_DIR!, "repository", "content.git");
    expect(await git(site, "log", "-1", "--format=%ae", "main")).toBe("eli.private@example.com");
    expect(held).not.toContain(BUNDLED_DRAFT_PHRASE);
    expect(await hasObject(repo, blobId(draftImage.bytes))).toBe(false);
    const files = (await git(repo, "ls-tree", "-r", "--name-only", "HEAD")).split("\n");
    expect(files).toContain("content/en/notes/open-note.md");
    expect(files).toContain("content/en/tuts/git-bisect.md");
    expect(files).not.toContain("content/en/notes/launch-plan.md");
    expect(files).not.toContain("content/en/notes/draft-ideas.md");
    expect(files).not.toContain("content/fa/notes/draft-ideas.md");
    expect(files.filter((file) => file.startsWith("media/"))).toEqual([]);
    await git(repo, "fsck", "--strict");
  });

  test("the draft made public arrives with its image; made a draft again, it leaves the tree and its new text is never served", async () => {
    await publish([
      { path: "/notes/launch-plan", title: "Launch plan", markdown: `Launch in spring.\n\n![map](${draftImage.url})` },
    ]);
    expect((await anonymous.raw("GET", "/en/notes/launch-plan")).status).toBe(200);
    await git(repo, "pull", "-q", "--ff-only");
    expect(readFileSync(path.join(repo, "content/en/notes/launch-plan.md"), "utf8")).toContain("Launch in spring.");
    expect(readFileSync(path.join(repo, draftImage.file))).toEqual(draftImage.bytes);
    expect(await everything(repo)).not.toContain(SECRET);

    await publish([
      { path: "/notes/launch-plan", title: "Launch plan (held back)", markdown: SECOND_SECRET, draft: true },
    ]);
    expect((await anonymous.raw("GET", "/en/notes/launch-plan")).status).toBe(404);
    await git(repo, "pull", "-q", "--ff-only");
    const files = (await git(repo, "ls-tree", "-r", "--name-only", "HEAD")).split("\n");
    expect(files).not.toContain("content/en/notes/launch-plan.md");
    // No public page uses the image any more: it leaves the tree with the page.
    expect(files).not.toContain(draftImage.file);
    const held = await everything(repo);
    expect(held).not.toContain(SECOND_SECRET);
    expect(held).not.toContain("held back");
    expect(held).not.toContain(SECRET);
    await git(repo, "fsck", "--strict");

    // A fresh clone holds no more than the clone that followed along.
    const fresh = await clone(`${server.url}/git/content.git`);
    expect(await git(fresh, "rev-parse", "HEAD")).toBe(await git(repo, "rev-parse", "HEAD"));
    const freshHeld = await everything(fresh);
    for (const secret of [SECRET, SECRET_TITLE, SECOND_SECRET, BUNDLED_DRAFT_PHRASE]) {
      expect(freshHeld).not.toContain(secret);
    }
  });

  test("a build that changes only drafts adds nothing to the served history", async () => {
    const before = await git(repo, "rev-parse", "HEAD");
    await publish([
      { path: "/notes/launch-plan", title: "Launch plan (held back)", markdown: `${SECOND_SECRET}!`, draft: true },
    ]);
    await git(repo, "pull", "-q", "--ff-only");
    expect(await git(repo, "rev-parse", "HEAD")).toBe(before);
  });

  test("a scheduled page is in no object of the clone before its time, and arrives with the first build after it", async () => {
    const SCHEDULED = "CONFIDENTIAL until its time: the new edition";
    const time = new Date(Date.now() + 3000);
    await publish([
      { path: "/notes/new-edition", title: "New edition", markdown: SCHEDULED, publishAt: time.toISOString() },
    ]);
    await git(repo, "pull", "-q", "--ff-only");
    expect(await everything(repo)).not.toContain(SCHEDULED);
    expect((await anonymous.get("/notes/new-edition")).status).toBe(404);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, time.getTime() - Date.now()) + 100));
    // A build published after its time, which changes another page only.
    await publish([{ path: "/notes/other-note", title: "Other note", markdown: "Another note." }]);
    await git(repo, "pull", "-q", "--ff-only");
    const files = (await git(repo, "ls-tree", "-r", "--name-only", "HEAD")).split("\n");
    expect(files).toContain("content/en/notes/new-edition.md");
    expect(readFileSync(path.join(repo, "content/en/notes/new-edition.md"), "utf8")).toContain(SCHEDULED);
  });

  test("another instance on the same database serves the same history, to the commit id", async () => {
    const dataDir = tempDir("second-instance");
    const other = await startSite({ DATABASE_URL: process.env.DATABASE_URL!, DATA_DIR: dataDir });
    try {
      const there = await clone(`${other.url}/git/content.git`);
      expect(await git(there, "log", "--format=%H %an %s")).toBe(await git(repo, "log", "--format=%H %an %s"));
      const held = await everything(there);
      for (const secret of [SECRET, SECRET_TITLE, SECOND_SECRET, BUNDLED_DRAFT_PHRASE]) {
        expect(held).not.toContain(secret);
      }
    } finally {
      await other.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("the owner chooses what is served", () => {
  test("a site that never chose serves public pages only", async () => {
    const { settings } = (await admin.get<{ settings: Record<string, unknown> }>("/api/settings")).body;
    expect(settings.repositoryAccess).toBe("public");
  });

  test("the whole repository for people who may read builds: they sign in with their user name and password", async () => {
    await setAccess("builds");
    try {
      const refs = await fetch(`${server.url}/git/content.git/info/refs?service=git-upload-pack`);
      expect(refs.status).toBe(401);
      expect(refs.headers.get("www-authenticate")).toMatch(/^Basic realm="[^"]+"/);
      const pack = await fetch(`${server.url}/git/content.git/git-upload-pack`, {
        method: "POST",
        headers: { "Content-Type": "application/x-git-upload-pack-request" },
        body: "0000",
      });
      expect(pack.status).toBe(401);
      await expect(clone(`${server.url}/git/content.git`)).rejects.toThrow();

      const origin = new URL(server.url);
      const whole = await clone(`http://editor:password123@${origin.host}/git/content.git`);
      const held = await everything(whole);
      expect(held).toContain(SECRET);
      expect(held).toContain(BUNDLED_DRAFT_PHRASE);
      const list = (await editor.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds;
      const last = list.filter((b) => b.localCommit).sort((x, y) => y.publishedAt!.localeCompare(x.publishedAt!))[0]!;
      expect(await git(whole, "rev-parse", "HEAD")).toBe(last.localCommit);

      // A member may not read builds: refused, with the reason in the client's language.
      const basic = (user: string, password: string) =>
        `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
      const member = await fetch(`${server.url}/git/content.git/info/refs?service=git-upload-pack`, {
        headers: { Authorization: basic("member", "password123"), "Accept-Language": "en" },
      });
      expect(member.status).toBe(403);
      expect(await member.text()).toBe("Forbidden: You do not have permission to get builds.\n");
      await expect(clone(`http://member:password123@${origin.host}/git/content.git`)).rejects.toThrow();

      // Wrong passwords count against the login limits: a name guessed from one address is refused soon.
      const answers: number[] = [];
      for (let i = 0; i < 10; i++) {
        const wrong = await fetch(`${server.url}/git/content.git/info/refs?service=git-upload-pack`, {
          headers: { Authorization: basic("moderator", `guess-${i}`) },
        });
        answers.push(wrong.status);
      }
      expect(answers.slice(0, 8)).toEqual(Array(8).fill(401));
      expect(answers.slice(8)).toEqual([429, 429]);
      const login = await new ApiClient(server.url).post("/api/auth/login", {
        userName: "moderator",
        password: "password123",
      });
      expect(login.status).toBe(429);

      // A disabled account's password opens nothing, from the next request on.
      const db = await getDb();
      await db.update(users).set({ disabledAt: new Date() }).where(eq(users.userName, "editor"));
      try {
        const disabled = await fetch(`${server.url}/git/content.git/info/refs?service=git-upload-pack`, {
          headers: { Authorization: basic("editor", "password123"), "Accept-Language": "en" },
        });
        expect(disabled.status).toBe(403);
        expect(await disabled.text()).toContain("This account is disabled");
      } finally {
        await db.update(users).set({ disabledAt: null }).where(eq(users.userName, "editor"));
      }
    } finally {
      await setAccess("public");
    }
  });

  test("not served: every address of the repository answers 404", async () => {
    await setAccess("off");
    try {
      const refs = await fetch(`${server.url}/git/content.git/info/refs?service=git-upload-pack`);
      expect(refs.status).toBe(404);
      const pack = await fetch(`${server.url}/git/content.git/git-upload-pack`, {
        method: "POST",
        headers: { "Content-Type": "application/x-git-upload-pack-request" },
        body: "0000",
      });
      expect(pack.status).toBe(404);
      const editorRefs = await fetch(`${server.url}/git/content.git/info/refs?service=git-upload-pack`, {
        headers: { Authorization: `Basic ${Buffer.from("editor:password123").toString("base64")}` },
      });
      expect(editorRefs.status).toBe(404);
    } finally {
      await setAccess("public");
    }
    const repo = await clone(`${server.url}/git/content.git`);
    expect(await everything(repo)).not.toContain(SECRET);
  });

  test("a setting outside the three choices is refused and changes nothing", async () => {
    const { version } = (await admin.get<{ version: number }>("/api/settings")).body;
    const answer = await admin.put("/api/settings", { version, repositoryAccess: "everyone" });
    expect(answer.status).toBe(400);
    expect(answer.body.issues?.[0]?.path).toBe("repositoryAccess");
    const { settings } = (await admin.get<{ settings: Record<string, unknown> }>("/api/settings")).body;
    expect(settings.repositoryAccess).toBe("public");
  });
});
