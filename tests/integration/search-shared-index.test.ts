/**
 * Site search on two app instances sharing one database (a file, or a libSQL server in the second run): the
 * index of the content present before the first start is made once, in the database, and the next instance to
 * start finds it made; a page published through one instance is found through the other without it restarting;
 * a page a publish removes leaves the search of both.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type DatabaseConnection } from "~/db/client.server";
import { ApiClient } from "../helpers/api-client";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite, type SiteProcess } from "../helpers/site-process";
import { pageFields } from "../helpers/front-matter";

const url = process.env.DATABASE_URL!;
let a: SiteProcess | undefined;
let b: SiteProcess | undefined;
let db: DatabaseConnection;

beforeAll(async () => {
  await seedDatabaseAt(url);
  db = await openDatabase(url);
}, 60_000);

afterAll(async () => {
  db?.client.close();
  await Promise.all([a?.stop(), b?.stop()]);
});

async function search(site: SiteProcess, q: string, locale = "en"): Promise<string[]> {
  const answer = await new ApiClient(site.url).get<{ results: { path: string }[] }>(
    `/api/search?q=${encodeURIComponent(q)}&locale=${locale}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.results.map((r) => r.path);
}

/** The search pages in the database, with the version of the page each was made from. */
async function indexed() {
  return db.db.all<{ id: number; locale: string; path: string; page_id: number; page_updated_at: number }>(
    sql`select id, locale, path, page_id, page_updated_at from search_pages order by locale, path`,
  );
}

async function published() {
  return db.db.all<{ id: number; locale: string; path: string; updated_at: number }>(
    sql`select id, locale, path, updated_at from pages where draft = 0 order by locale, path`,
  );
}

/** Saves `change` into the open build through `client`, then publishes the build. */
async function publish(client: ApiClient, change: Record<string, unknown>): Promise<void> {
  const saved = await client.post<{ buildId: number }>("/api/builds/commit", { baseHash: null, ...change });
  expect(saved.body).toMatchObject({ buildId: expect.any(Number) });
  expect(saved.status).toBe(201);
  const run = await client.post("/api/builds/run", { buildId: saved.body.buildId });
  expect(run.status).toBe(200);
}

describe("a search index shared by the instances, in the database", () => {
  test("the content present before the first start is indexed once, and the next instance finds it made", async () => {
    expect(await indexed()).toEqual([]);
    a = await startSite({ DATABASE_URL: url });
    expect(await search(a, "bisect")).toContain("/tuts/git-bisect");
    const pages = await published();
    const first = await indexed();
    expect(first.map((row) => [row.locale, row.path, row.page_id, row.page_updated_at])).toEqual(
      pages.map((page) => [page.locale, page.path, page.id, page.updated_at]),
    );

    b = await startSite({ DATABASE_URL: url });
    expect(await search(b, "bisect")).toContain("/tuts/git-bisect");
    // B compared and found nothing to do: every row is the one A wrote.
    expect(await indexed()).toEqual(first);
  }, 90_000);

  test("a page published through one instance is found through the other, which did not restart", async () => {
    const onA = new ApiClient(a!.url);
    await onA.login("admin");
    expect(await search(b!, "quetzalcoatlus")).toEqual([]);
    await publish(onA, {
      action: "save",
      locale: "en",
      path: "/notes/pterosaurs",
      frontMatter: pageFields("Giant pterosaurs"),
      markdown: "## Wingspan\n\nQuetzalcoatlus had the wingspan of a small plane.",
    });
    await expect.poll(() => search(b!, "quetzalcoatlus"), { timeout: 10_000 }).toEqual(["/notes/pterosaurs"]);
    // A typo and a prefix find it too, from the index in the database.
    expect(await search(b!, "quetzalcoatlsu")).toEqual(["/notes/pterosaurs"]);
    expect(await search(b!, "quetzal")).toEqual(["/notes/pterosaurs"]);
  }, 60_000);

  test("a page a publish removes leaves the search of both instances", async () => {
    const onB = new ApiClient(b!.url);
    await onB.login("admin");
    const opened = await onB.get<{ hash: string }>("/api/builds/source?locale=en&path=%2Fnotes%2Fpterosaurs");
    await publish(onB, { action: "delete", locale: "en", path: "/notes/pterosaurs", baseHash: opened.body.hash });
    for (const site of [a!, b!]) {
      await expect.poll(() => search(site, "quetzalcoatlus"), { timeout: 10_000 }).toEqual([]);
    }
    expect((await indexed()).map((row) => row.path)).not.toContain("/notes/pterosaurs");
  }, 60_000);
});
