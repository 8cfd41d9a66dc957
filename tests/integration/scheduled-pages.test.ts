/**
 * Scheduled pages on the production build: a post published with a publishing time still to come is nowhere a
 * reader can find it (its address, home, logs, its category and tag, the feed, the sitemap, search, comments)
 * and the document cache keeps nothing that shows it; once the clock passes its time, the release makes it appear
 * everywhere, announced once however many callers race for it.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BuildSummary, PageSource } from "~/builds/builds.server";
import { releaseDuePages } from "~/content/schedule.server";
import { getDb } from "~/db/client.server";
import { buildRedirects, changeLog, pages, redirects } from "~/db/schema";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { pageFields } from "../helpers/front-matter";
import { seedDatabaseAt } from "../helpers/seed";
import { within } from "../helpers/within";

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

async function publishOpenBuild() {
  const all = (await editor.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds;
  const open = all.find((b) => b.status === "open")!;
  const answer = await editor.post("/api/builds/run", { buildId: open.id });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function save(locale: string, path: string, frontMatter: Record<string, unknown>, markdown: string) {
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

const text = async (address: string) => {
  const answer = await fetch(server.url + address);
  return { status: answer.status, body: await answer.text(), cache: answer.headers.get("x-document-cache") };
};

const TITLE = "Quokka harbour at dawn";
const PATH = "/notes/quokka-harbour";
const TAG = "quokkatag";

/** Every public place a published post shows up, with whether the post is there. */
async function wherePostShows(): Promise<Record<string, boolean>> {
  const search = await fetch(`${server.url}/api/search?q=quokka&locale=en`);
  const results = ((await search.json()) as { results: { path: string }[] }).results;
  return {
    page: (await text(`/en${PATH}`)).status === 200,
    home: (await text("/en")).body.includes(TITLE),
    logs: (await text("/en/logs")).body.includes(TITLE),
    category: (await text("/en/notes")).body.includes(TITLE),
    tag: (await text(`/en/tags/${TAG}`)).body.includes(TITLE),
    feed: (await text("/en/feed.xml")).body.includes(TITLE),
    sitemap: (
      await text("/sitemap-en.xml").then((answer) => (answer.status === 200 ? answer : text("/sitemap.xml")))
    ).body.includes(PATH),
    search: results.some((result) => result.path === PATH),
  };
}

const nowhere = {
  page: false,
  home: false,
  logs: false,
  category: false,
  tag: false,
  feed: false,
  sitemap: false,
  search: false,
};

/** A signed-in writer's comment on the post: 404 while it is withheld (nor does the relay get one). */
const comment = async () =>
  (await editor.post("/api/comments/new", { routePath: `/en${PATH}`, commentBody: "First quokka comment" })).status;
const everywhere = Object.fromEntries(Object.keys(nowhere).map((key) => [key, true]));

describe("a scheduled post", () => {
  test("is withheld everywhere before its time and appears everywhere after, announced once", async () => {
    // Fill the document cache first: the listings kept before the release must not outlive it.
    for (const address of ["/en", "/en/logs", "/en/notes"]) await text(address);
    const publishAt = new Date(Date.now() + 3 * 86_400_000);
    const written = `${publishAt.toISOString().slice(0, 19)}+03:30`;
    await save(
      "en",
      PATH,
      pageFields(TITLE, { date: "2026-11-20", category: "notes", tags: [TAG], comments: true, publishAt: written }),
      "A quokka at the harbour.",
    );
    await publishOpenBuild();

    const db = await getDb();
    const row = await db
      .select({ withheld: pages.withheld, publishAt: pages.publishAt, source: pages.source })
      .from(pages)
      .where(and(eq(pages.locale, "en"), eq(pages.path, PATH)))
      .get();
    expect(row?.withheld).toBe(true);
    expect(row?.publishAt?.getTime()).toBe(Date.parse(written));
    expect(row?.source).toContain(`publishAt: ${written}`);
    // Search follows a publish in the background: give it the time it takes to index a page it would show.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await wherePostShows()).toEqual(nowhere);
    expect(await comment()).toBe(404);
    // What the document cache holds now was rendered without the post.
    expect((await text("/en")).cache).toBe("hit");

    // Nothing is due yet by the real clock.
    expect(await releaseDuePages(db)).toEqual([]);

    // The clock moves past its time: two releases race, one makes it public and announces it.
    const before = await db
      .select({ n: sql<number>`count(*)` })
      .from(changeLog)
      .where(eq(changeLog.topic, "content"))
      .get();
    const later = publishAt.getTime() - 3.5 * 3_600_000 + 60_000;
    const [first, second] = await Promise.all([releaseDuePages(db, later), releaseDuePages(db, later)]);
    expect([...first, ...second]).toEqual([{ locale: "en", path: PATH }]);
    const after = await db
      .select({ n: sql<number>`count(*)` })
      .from(changeLog)
      .where(eq(changeLog.topic, "content"))
      .get();
    expect(after!.n - before!.n).toBe(1);

    // The server follows the announcement (the change log, read every half second).
    let shows: Record<string, boolean> = {};
    await within(10_000, async () => {
      shows = await wherePostShows();
      return JSON.stringify(shows) === JSON.stringify(everywhere);
    }).catch(() => undefined);
    expect(shows).toEqual(everywhere);
    expect(await comment()).toBeLessThan(300);
    expect(await releaseDuePages(db, later + 60_000)).toEqual([]);
  });

  test("the items list calls it scheduled, with its time, and the time is kept in the file as written", async () => {
    const path = "/notes/quokka-later";
    const written = "2099-01-02T09:30:00+03:30";
    await save("en", path, pageFields("Later quokka", { date: "2026-11-21", publishAt: written }), "Later.");
    await publishOpenBuild();
    const list = await editor.get<{ items: { path: string; status: string; publishAt: string | null }[] }>(
      "/api/items/all?status=scheduled",
    );
    expect(list.status).toBe(200);
    const item = list.body.items.find((entry) => entry.path === path);
    expect(item).toMatchObject({ status: "scheduled", publishAt: new Date(written).toISOString() });
    expect(list.body.items.every((entry) => entry.status === "scheduled")).toBe(true);
    const source = await editor.get<PageSource>(`/api/builds/source?locale=en&path=${encodeURIComponent(path)}`);
    expect(JSON.stringify(source.body)).toContain(`publishAt: ${written}`);
    // The builds screen says when the page appears rather than offering a page that answers 404 until then.
    const builds = (await editor.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds;
    const change = builds
      .flatMap((build) => build.commits)
      .find((commit) => commit.page?.locale === "en" && commit.page.path === path);
    expect(change?.appearsAt).toBe(new Date(written).toISOString());
    // The overview lists what is coming to those who may see builds, and to nobody else (a moderator).
    const moderator = new ApiClient(server.url);
    await moderator.login("moderator");
    expect(await (await editor.raw("GET", "/en/manage")).text()).toContain("Later quokka");
    const moderated = await moderator.raw("GET", "/en/manage");
    expect(moderated.status).toBe(200);
    expect(await moderated.text()).not.toContain("Later quokka");
    const released = builds
      .flatMap((build) => build.commits)
      .find((commit) => commit.page?.locale === "en" && commit.page.path === PATH);
    expect(released?.appearsAt).toBeNull();
  });

  test("a publishing time that is not a date and time with its offset is refused and nothing is saved", async () => {
    const answer = await editor.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: "/notes/quokka-bad",
      frontMatter: pageFields("Bad quokka", { publishAt: "tomorrow morning" }),
      markdown: "Bad.",
      baseHash: null,
    });
    expect(answer.status).toBe(400);
    const source = await editor.get<PageSource>("/api/builds/source?locale=en&path=%2Fnotes%2Fquokka-bad");
    expect(source.status === 404 || (source.body as { exists?: boolean }).exists === false).toBe(true);
  });

  test("a public page moved to a scheduled address tells nobody its new address before its time", async () => {
    const old = "/notes/quokka-move";
    const secret = "/notes/quokka-secret-name";
    await save("en", old, pageFields("Moving quokka", { date: "2026-11-22", category: "notes" }), "Moving.");
    await publishOpenBuild();
    expect((await text(`/en${old}`)).status).toBe(200);

    const publishAt = new Date(Date.now() + 3 * 86_400_000);
    const opened = await editor.get<PageSource>(`/api/builds/source?locale=en&path=${encodeURIComponent(old)}`);
    const moved = await editor.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: secret,
      previousPath: old,
      frontMatter: pageFields("Moving quokka", {
        date: "2026-11-22",
        category: "notes",
        publishAt: publishAt.toISOString(),
      }),
      markdown: "Moving.",
      baseHash: opened.body.hash,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    await publishOpenBuild();

    // Before its time: the old address leads nowhere, and nothing stored or answered names the new one.
    const before = await fetch(`${server.url}/en${old}`, { redirect: "manual" });
    expect(before.status).toBe(404);
    expect(before.headers.get("location")).toBeNull();
    const db = await getDb();
    expect(
      await db
        .select()
        .from(redirects)
        .where(eq(redirects.toPath, `/en${secret}`))
        .all(),
    ).toEqual([]);
    expect((await text(`/en${secret}`)).status).toBe(404);

    // Its time: the page and the redirect to it arrive together.
    expect(await releaseDuePages(db, publishAt.getTime() + 1000)).toEqual([{ locale: "en", path: secret }]);
    const after = await fetch(`${server.url}/en${old}`, { redirect: "manual" });
    expect(after.status).toBe(301);
    expect(after.headers.get("location")).toBe(`/en${secret}`);
    expect(await db.select().from(buildRedirects).all()).toEqual([]);
    await within(10_000, async () => (await text(`/en${secret}`)).status === 200);
  });
});
