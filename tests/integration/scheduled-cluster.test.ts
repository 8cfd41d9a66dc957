/**
 * A scheduled post on two instances sharing one libSQL server: withheld on both before its time; when the clock
 * passes it, two releases racing on their own connections (as two instances' jobs would) make one announcement,
 * and both instances show the post within seconds, their kept listings emptied.
 */
import path from "node:path";
import { and, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSqld, type Sqld } from "../../scripts/sqld";
import type { BuildSummary } from "~/builds/builds.server";
import { releaseDuePages } from "~/content/schedule.server";
import { openDatabase, type DatabaseConnection } from "~/db/client.server";
import { changeLog } from "~/db/schema";
import { ApiClient } from "../helpers/api-client";
import { pageFields } from "../helpers/front-matter";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite, type SiteProcess } from "../helpers/site-process";
import { within } from "../helpers/within";

let sqld: Sqld;
let a: SiteProcess;
let b: SiteProcess;
let onA: ApiClient;
/** Two more connections to the database, each releasing as an instance's job would. */
let first: DatabaseConnection;
let second: DatabaseConnection;

beforeAll(async () => {
  sqld = await startSqld({ dbPath: path.join(process.env.DATA_DIR!, "scheduled-sqld") });
  await seedDatabaseAt(sqld.url);
  [a, b] = await Promise.all([startSite({ DATABASE_URL: sqld.url }), startSite({ DATABASE_URL: sqld.url })]);
  [first, second] = await Promise.all([openDatabase(sqld.url), openDatabase(sqld.url)]);
  onA = new ApiClient(a.url);
  await onA.login("editor");
}, 90_000);

afterAll(async () => {
  first?.client.close();
  second?.client.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await sqld?.stop();
});

const TITLE = "Numbat at noon";
const PATH = "/notes/numbat-noon";

async function shows(site: SiteProcess): Promise<{ page: number; home: boolean; kept: string | null }> {
  const page = await fetch(`${site.url}/en${PATH}`);
  await page.arrayBuffer();
  const home = await fetch(`${site.url}/en`);
  return { page: page.status, home: (await home.text()).includes(TITLE), kept: home.headers.get("x-document-cache") };
}

describe("two instances", () => {
  test("a scheduled post appears on both once its time has passed, announced exactly once", async () => {
    const publishAt = Date.now() + 2 * 86_400_000;
    const saved = await onA.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: PATH,
      frontMatter: pageFields(TITLE, { date: "2026-11-26", publishAt: new Date(publishAt).toISOString() }),
      markdown: "A numbat.",
      baseHash: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const open = (await onA.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds.find(
      (build) => build.status === "open",
    )!;
    expect((await onA.post("/api/builds/run", { buildId: open.id })).status).toBe(200);

    // Both keep a home page without it (asked twice: the second answer is the kept one).
    for (const site of [a, b]) {
      await within(5_000, async () => (await shows(site)).kept === "hit");
      expect(await shows(site)).toEqual({ page: 404, home: false, kept: "hit" });
    }

    const last = await first.db.select({ id: changeLog.id }).from(changeLog).orderBy(changeLog.id).all();
    const after = last.at(-1)?.id ?? 0;
    const later = publishAt + 1_000;
    const [one, two] = await Promise.all([releaseDuePages(first.db, later), releaseDuePages(second.db, later)]);
    expect([...one, ...two]).toEqual([{ locale: "en", path: PATH }]);
    const announced = await first.db
      .select()
      .from(changeLog)
      .where(and(gt(changeLog.id, after), eq(changeLog.topic, "content")))
      .all();
    expect(announced.filter((entry) => JSON.stringify(entry.detail).includes(PATH))).toHaveLength(1);

    for (const site of [a, b]) {
      const seen = await within(5_000, async () => {
        const now = await shows(site);
        return now.page === 200 && now.home ? now : undefined;
      });
      expect(seen.home).toBe(true);
    }
  });
});
