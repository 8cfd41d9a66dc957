/**
 * A page's history through the editor's API, on the production build and a database file: published versions
 * newest first with the open build's change on top, a move followed back, pages of versions, who may read them,
 * the texts a diff compares, and a restore that is one more change in the open build (refused on a stale base).
 */
import { max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { builds, commits, pages } from "~/db/schema";
import type { PageSource } from "~/builds/builds.server";
import type { BuildSummary } from "~/builds/builds.server";
import type { PageHistory, VersionTexts } from "~/builds/page-history.server";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { pageFields } from "../helpers/front-matter";
import { seedDatabaseAt } from "../helpers/seed";

let server: TestServer;
let editor: ApiClient;
let admin: ApiClient;

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

const query = (pagePath: string, extra = "") =>
  `/api/editor/history?locale=fa&path=${encodeURIComponent(pagePath)}${extra}`;

async function source(pagePath: string) {
  const answer = await editor.get<PageSource>(`/api/builds/source?locale=fa&path=${encodeURIComponent(pagePath)}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function save(pagePath: string, title: string, markdown: string, previousPath?: string) {
  const base = await source(previousPath ?? pagePath);
  const answer = await editor.post("/api/builds/commit", {
    action: "save",
    locale: "fa",
    path: pagePath,
    previousPath,
    frontMatter: pageFields(title, { date: "2026-11-20" }),
    markdown,
    baseHash: base.hash,
  });
  expect(answer.status).toBe(201);
}

async function openBuild() {
  const all = (await admin.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds;
  return all.find((b) => b.status === "open");
}

async function publish() {
  const build = (await openBuild())!;
  const answer = await admin.post("/api/builds/run", { buildId: build.id });
  // 202: live, its git commit still being made (a slow machine); the history is the database's either way.
  expect([200, 202]).toContain(answer.status);
}

async function history(pagePath: string, extra = "", client = editor) {
  const answer = await client.get<PageHistory>(query(pagePath, extra));
  expect(answer.status).toBe(200);
  return answer.body;
}

describe("a page's versions", () => {
  beforeAll(async () => {
    await save("/notes/تاریخچه", "نسخهٔ یکم", "متن نخست.\n\nبند دوم.");
    await publish();
    await save("/notes/تاریخچه", "نسخهٔ دوم", "متن نخست، ویرایش‌شده.\n\nبند دوم.");
    await publish();
    await save("/notes/تاریخچه-نو", "نسخهٔ سوم", "متن نخست، ویرایش‌شده.\n\nبند دوم.", "/notes/تاریخچه");
    await publish();
    await save("/notes/تاریخچه-نو", "نسخهٔ چهارم", "متنی که هنوز منتشر نشده.");
  });

  test("are listed newest first, the open build's change on top, through the page's move", async () => {
    const { versions, next, hash } = await history("/notes/تاریخچه-نو");
    expect(versions.map((v) => [v.action, v.file, v.sequence === null])).toEqual([
      ["changed", "content/fa/notes/تاریخچه-نو.md", true],
      ["renamed", "content/fa/notes/تاریخچه-نو.md", false],
      ["changed", "content/fa/notes/تاریخچه.md", false],
      ["added", "content/fa/notes/تاریخچه.md", false],
    ]);
    expect(versions.map((v) => v.current)).toEqual([true, false, false, false]);
    expect(versions[1]!.fromFile).toBe("content/fa/notes/تاریخچه.md");
    expect(versions[1]!.message).toContain("نسخهٔ سوم");
    // Published versions name their publisher, the open build's change its writer.
    expect(versions[0]!.by).toBe("Eli Editor");
    expect(versions[1]!.by).toBe("Ava Admin");
    const sequences = versions.slice(1).map((v) => v.sequence!);
    expect([...sequences].sort((a, b) => b - a)).toEqual(sequences);
    expect(next).toBeNull();
    expect(hash).toBe((await source("/notes/تاریخچه-نو")).hash);
  });

  test("the diff's texts: a version against the one before it, and against the page now", async () => {
    const { versions } = await history("/notes/تاریخچه-نو");
    const second = versions[2]!;
    const previous = (await editor.get<VersionTexts>(query("/notes/تاریخچه-نو", `&version=${second.id}`))).body;
    expect(previous.before).toContain(`title: "نسخهٔ یکم"`);
    expect(previous.before).toContain("متن نخست.");
    expect(previous.after).toContain(`title: "نسخهٔ دوم"`);
    expect(previous.after).toContain("متن نخست، ویرایش‌شده.");
    const current = (
      await editor.get<VersionTexts>(query("/notes/تاریخچه-نو", `&version=${second.id}&against=current`))
    ).body;
    expect(current.before).toBe(previous.after);
    expect(current.after).toBe((await source("/notes/تاریخچه-نو")).text);
  });

  test("a version of another page is not one of this page's", async () => {
    await save("/notes/دیگری", "صفحهٔ دیگر", "متن دیگر.");
    await publish();
    const other = (await history("/notes/دیگری")).versions[0]!;
    const answer = await editor.get(query("/notes/تاریخچه-نو", `&version=${other.id}`));
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe("No such version of this page.");
  });

  test("only for who may open the editor", async () => {
    const member = new ApiClient(server.url);
    await member.login("member");
    expect((await member.get(query("/notes/تاریخچه-نو"))).status).toBe(403);
    const { versions } = await history("/notes/تاریخچه-نو");
    expect((await member.get(query("/notes/تاریخچه-نو", `&version=${versions[1]!.id}`))).status).toBe(403);
    const restore = await member.post("/api/editor/history", {
      locale: "fa",
      path: "/notes/تاریخچه-نو",
      version: versions[3]!.id,
      baseHash: (await source("/notes/تاریخچه-نو")).hash,
    });
    expect(restore.status).toBe(403);
    const nobody = new ApiClient(server.url);
    expect((await nobody.get(query("/notes/تاریخچه-نو"))).status).toBe(401);
  });
});

describe("restoring a version", () => {
  test("is refused when the page changed since the history was opened, and nothing changes", async () => {
    const { versions, hash } = await history("/notes/تاریخچه-نو");
    await save("/notes/تاریخچه-نو", "نسخهٔ پنجم", "کسی دیگر نوشت.");
    const answer = await editor.post("/api/editor/history", {
      locale: "fa",
      path: "/notes/تاریخچه-نو",
      version: versions.at(-1)!.id,
      baseHash: hash,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      "This page has changed since you opened its history. Open the page again to see the latest version, then choose the version to restore.",
    );
    expect((await source("/notes/تاریخچه-نو")).text).toContain("کسی دیگر نوشت.");
  });

  test("writes that version's text, byte for byte, as a change in the open build at the present address", async () => {
    const { versions, hash } = await history("/notes/تاریخچه-نو");
    const first = versions.at(-1)!;
    const firstText = (await editor.get<VersionTexts>(query("/notes/تاریخچه-نو", `&version=${first.id}`))).body.after!;
    const answer = await editor.post<{ hash: string; markdown: string; fields: { title: string } }>(
      "/api/editor/history",
      { locale: "fa", path: "/notes/تاریخچه-نو", version: first.id, baseHash: hash },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe("Version restored as a change in the open build.");
    expect(answer.body.fields.title).toBe("نسخهٔ یکم");
    expect(answer.body.markdown).toBe("متن نخست.\n\nبند دوم.");
    const now = await source("/notes/تاریخچه-نو");
    expect(now.text).toBe(firstText);
    expect(now.file).toBe("content/fa/notes/تاریخچه-نو.md");
    expect(answer.body.hash).toBe(now.hash);
    // One change for the page in the open build (the restore replaced the earlier save), named for what it does.
    const open = (await openBuild())!;
    const mine = open.commits.filter((c) => c.path === "content/fa/notes/تاریخچه-نو.md");
    expect(mine).toHaveLength(1);
    expect(mine[0]!.message).toBe("Restore an earlier version of “نسخهٔ یکم”");
    // The history is not rewritten: every published version is still there.
    const after = await history("/notes/تاریخچه-نو");
    expect(after.versions.slice(1).map((v) => v.id)).toEqual(versions.slice(1).map((v) => v.id));
    await publish();
    const published = await history("/notes/تاریخچه-نو");
    expect(published.versions[0]).toMatchObject({ action: "changed", sequence: expect.any(Number) });
    expect((await source("/notes/تاریخچه-نو")).pending).toBe(false);
  });

  test("a page deleted and written again, or written where another moved from, starts a history of its own", async () => {
    const old = (await history("/notes/دیگری")).versions;
    const base = await source("/notes/دیگری");
    const deleted = await editor.post("/api/builds/commit", {
      action: "delete",
      locale: "fa",
      path: "/notes/دیگری",
      baseHash: base.hash,
    });
    expect(deleted.status).toBe(201);
    await publish();
    await save("/notes/دیگری", "دوباره", "بازگشته.");
    await publish();
    const { versions, hash } = await history("/notes/دیگری");
    expect(versions.map((v) => v.action)).toEqual(["added"]);
    // The earlier page's versions are not this one's: neither read nor restored.
    const answer = await editor.post("/api/editor/history", {
      locale: "fa",
      path: "/notes/دیگری",
      version: old[0]!.id,
      baseHash: hash,
    });
    expect(answer.status).toBe(404);
    const bad = await editor.post("/api/editor/history", { locale: "fa", path: "/notes/دیگری", version: "1" });
    expect(bad.status).toBe(400);
    expect((await source("/notes/دیگری")).hash).toBe(hash);

    // The page that moved from /notes/تاریخچه keeps its versions there; a new page at that address has none of them.
    await save("/notes/تاریخچه", "صفحهٔ تازه در نشانی قدیمی", "متن تازه.");
    await publish();
    expect((await history("/notes/تاریخچه")).versions.map((v) => v.action)).toEqual(["added"]);
    expect((await history("/notes/تاریخچه-نو")).versions.map((v) => v.file)).toContain("content/fa/notes/تاریخچه.md");
  });
});

describe("a long history", () => {
  test("answers a page at a time, each version once, oldest last", async () => {
    for (let n = 1; n <= 24; n++) {
      await save("/notes/بلند", `نسخهٔ ${n}`, `متن ${n}.`);
      await publish();
    }
    const first = await history("/notes/بلند");
    expect(first.versions).toHaveLength(20);
    expect(first.next).not.toBeNull();
    const second = await history("/notes/بلند", `&before=${first.next}`);
    expect(second.versions).toHaveLength(4);
    expect(second.next).toBeNull();
    const all = [...first.versions, ...second.versions];
    expect(new Set(all.map((v) => v.id)).size).toBe(24);
    expect(all[0]!.message).toContain("نسخهٔ 24");
    expect(all.at(-1)).toMatchObject({ action: "added" });
    expect(all.at(-1)!.message).toContain("نسخهٔ 1");
  });

  test("a page of 500 published versions answers each page of them from the index, quickly", async () => {
    // Written straight into the tables as publishing leaves them: 500 builds through the API would take minutes.
    const db = await getDb();
    const file = "content/fa/notes/پانصد.md";
    const textOf = (n: number) => `---\ntitle: "نسخهٔ ${n}"\n---\n\n${"متن بلند. ".repeat(500)}${n}\n`;
    const last =
      (
        await db
          .select({ value: max(builds.sequence) })
          .from(builds)
          .get()
      )?.value ?? 1;
    const now = Date.now();
    const numbers = Array.from({ length: 500 }, (_, i) => i + 1);
    const at = (n: number) => new Date(now + n * 1000);
    const made = await db
      .insert(builds)
      .values(
        numbers.map((n) => ({
          name: `long ${n}`,
          status: "published" as const,
          sequence: last + n,
          publishedAt: at(n),
          authorName: "Ava Admin",
          createdAt: at(n),
          updatedAt: at(n),
        })),
      )
      .returning({ id: builds.id, sequence: builds.sequence });
    const buildOf = new Map(made.map((b) => [b.sequence! - last, b.id]));
    await db.insert(commits).values(
      numbers.map((n) => ({
        buildId: buildOf.get(n)!,
        message: `Update “نسخهٔ ${n}”`,
        path: file,
        content: textOf(n),
        previous: n === 1 ? null : textOf(n - 1),
        createdAt: at(n),
        updatedAt: at(n),
      })),
    );
    await db
      .insert(pages)
      .values({ locale: "fa", path: "/notes/پانصد", title: "نسخهٔ 500", body: "", file, source: textOf(500) });

    const started = performance.now();
    const first = await history("/notes/پانصد");
    const took = performance.now() - started;
    expect(first.versions).toHaveLength(20);
    expect(first.versions[0]).toMatchObject({ current: true, message: "Update “نسخهٔ 500”" });
    // Only the list's facts travel: no version's text (each 5,000 characters) is in the answer.
    expect(JSON.stringify(first).length).toBeLessThan(10_000);
    expect(took).toBeLessThan(2_000);
    const seen = new Set(first.versions.map((v) => v.id));
    let next = first.next;
    while (next) {
      const more = await history("/notes/پانصد", `&before=${next}`);
      more.versions.forEach((v) => seen.add(v.id));
      next = more.next;
    }
    expect(seen.size).toBe(500);
  });
});
