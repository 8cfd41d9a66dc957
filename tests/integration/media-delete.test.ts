/**
 * Deleting images from the media list: an image a page uses is refused with a message naming the page (a
 * published page, or a page the open build writes) and nothing changes; a published image no page uses is
 * deleted by a commit of the open build and leaves the site, its variants on disk and the repository when the
 * build is published; an upload only in the open build leaves it at once; and who may do it.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BuildSummary } from "~/builds/builds.server";
import type { MediaItem } from "~/builds/media.server";
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { commits } from "~/db/schema";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { databaseFingerprint, expectDatabaseUnchanged, untilPublishingSettles } from "../helpers/db-fingerprint";
import { pageFields } from "../helpers/front-matter";
import { clone, git } from "../helpers/git";
import { picture } from "../helpers/images";
import { seedDatabaseAt } from "../helpers/seed";

let server: TestServer;
let editor: ApiClient;
let anonymous: ApiClient;

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  server = await startAppServer();
  editor = new ApiClient(server.url);
  await editor.login("editor");
  anonymous = new ApiClient(server.url);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function upload(bytes: Uint8Array, name: string) {
  const response = await editor.raw("POST", `/api/media/upload?name=${encodeURIComponent(name)}`, {
    body: bytes,
    headers: { "Content-Type": "application/octet-stream" },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { file: string; url: string };
}

async function openBuild(): Promise<BuildSummary | undefined> {
  const answer = await editor.get<{ builds: BuildSummary[] }>("/api/builds/all");
  return answer.body.builds.find((b) => b.status === "open");
}

async function save(pagePath: string, title: string, markdown: string) {
  const source = await editor.get<{ hash: string | null }>(`/api/builds/source?locale=en&path=${pagePath}`);
  const saved = await editor.post("/api/builds/commit", {
    action: "save",
    locale: "en",
    path: pagePath,
    frontMatter: pageFields(title, { date: "2026-11-20" }),
    markdown,
    baseHash: source.status === 200 ? source.body.hash : null,
  });
  expect(saved.status).toBe(201);
}

async function publish() {
  const answer = await editor.post("/api/builds/run", { buildId: (await openBuild())!.id });
  expect(answer.status).toBe(200);
}

async function listed(file: string): Promise<MediaItem | undefined> {
  const answer = await editor.get<{ items: MediaItem[] }>("/api/media/all");
  return answer.body.items.find((item) => item.file === file);
}

const remove = (client: ApiClient, file: string) =>
  client.post<{ message: string; pending: boolean }>("/api/media/delete", { file });

let kept: { file: string; url: string };
let dropped: { file: string; url: string };

describe("an image in use", () => {
  test("is refused with a message naming a published page that uses it, and nothing changes", async () => {
    kept = await upload(await picture(640, 480, "png"), "kept.png");
    dropped = await upload(await picture(641, 481, "png"), "dropped.png");
    await save("/notes/two-pictures", "Two pictures", `![One](${kept.url})\n\n![Two](${dropped.url})\n`);
    await publish();
    const db = await getDb();
    await untilPublishingSettles(db);
    const before = await databaseFingerprint(db);
    const answer = await remove(editor, dropped.file);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      "This image cannot be deleted: \u2068Two pictures\u2069 (/en/notes/two-pictures) uses it. Take it out of that page first.",
    );
    await expectDatabaseUnchanged(db, before);
    expect(await openBuild()).toBeUndefined();
  });

  test("a page the open build writes counts too: taken out there, the image is still on the published page", async () => {
    await save("/notes/two-pictures", "Two pictures", `![One](${kept.url})\n`);
    const stillPublished = await remove(editor, dropped.file);
    expect(stillPublished.status).toBe(409);
    await publish();
    const pending = await upload(await picture(642, 482, "png"), "pending.png");
    await save("/notes/new-picture", "New picture", `![New](${pending.url})\n`);
    const written = await remove(editor, pending.file);
    expect(written.status).toBe(409);
    expect(written.body.message).toContain("content/en/notes/new-picture.md");
    expect((await listed(pending.file))?.status).toBe("pending");
  });
});

describe("an image no page uses", () => {
  test("an upload only in the open build leaves it at once", async () => {
    const stray = await upload(await picture(643, 483, "png"), "stray.png");
    const answer = await remove(editor, stray.file);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: "The image is deleted.", pending: false });
    expect(await listed(stray.file)).toBeUndefined();
    expect((await editor.raw("GET", stray.url)).status).toBe(404);
  });

  test("a published one is deleted by a commit of the open build, then leaves the site, its variants and the repository", async () => {
    const key = (await listed(dropped.file))!.key!;
    const variant = `/img/${key}/640.webp`;
    expect((await anonymous.raw("GET", variant)).status).toBe(200);
    const cached = path.join(process.env.DATA_DIR!, "image-cache", key);
    expect(existsSync(cached)).toBe(true);

    const answer = await remove(editor, dropped.file);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(
      "The image is deleted in the open build: publish the build to take it off the site.",
    );
    // Until the build is published the site still serves it; the list says what the build will do.
    expect((await listed(dropped.file))?.status).toBe("deleting");
    expect((await anonymous.raw("GET", dropped.url)).status).toBe(200);
    const build = await openBuild();
    const recorded = await (
      await getDb()
    )
      .select({ message: commits.message, content: commits.content, data: commits.data })
      .from(commits)
      .where(and(eq(commits.buildId, build!.id), eq(commits.path, dropped.file)))
      .all();
    expect(recorded).toEqual([{ message: `Delete image ${dropped.file.slice(6)}`, content: null, data: null }]);
    // Asking again changes nothing.
    expect((await remove(editor, dropped.file)).status).toBe(200);

    await publish();
    expect((await anonymous.raw("GET", dropped.url)).status).toBe(404);
    expect((await anonymous.raw("GET", variant)).status).toBe(404);
    expect(existsSync(cached)).toBe(false);
    expect(await listed(dropped.file)).toBeUndefined();
    const repo = await clone(`${server.url}/git/content.git`);
    const tree = await git(repo, "ls-tree", "-r", "--name-only", "HEAD");
    expect(tree).not.toContain(dropped.file);
    expect(tree).toContain(kept.file);
    expect(await git(repo, "log", "--format=%s", "--", dropped.file)).toMatch(/Build /);
  });

  test("a deletion the open build's text takes back (the image written into a page again) is left out of the publish", async () => {
    const again = await upload(await picture(644, 484, "png"), "again.png");
    await save("/notes/again", "Again", `![Again](${again.url})\n`);
    await publish();
    await save("/notes/again", "Again", "No picture now.\n");
    await publish();
    expect((await remove(editor, again.file)).body.pending).toBe(true);
    await save("/notes/again-later", "Again later", `![Back](${again.url})\n`);
    await publish();
    expect((await anonymous.raw("GET", again.url)).status).toBe(200);
    expect((await listed(again.file))?.status).toBe("published");
    expect(await openBuild()).toBeUndefined();
  });
});

describe("refusals", () => {
  test("an unknown image, a file that is not an image, and nobody without commit.create", async () => {
    const unknown = await remove(editor, "media/0123456789abcdef-nothing.png");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("There is no such image.");
    expect((await remove(editor, "content/en/about.md")).status).toBe(404);
    const member = new ApiClient(server.url);
    await member.login("member");
    expect((await remove(member, kept.file)).status).toBe(403);
    expect((await remove(anonymous, kept.file)).status).toBe(401);
    expect((await editor.raw("GET", kept.url)).status).toBe(200);
  });
});
