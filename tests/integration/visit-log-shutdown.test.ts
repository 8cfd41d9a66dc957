/**
 * A real site process (as `npm start` runs it) takes 10,000 page views from 50 concurrent clients and is then
 * stopped with SIGTERM: every view is in the database exactly once, those still waiting in memory included.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase } from "~/db/client.server";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite, type SiteProcess } from "../helpers/site-process";

const dataDir = mkdtempSync(path.join(tmpdir(), "daftar-visit-log-"));
const dbUrl = `file:${path.join(dataDir, "daftar.db")}`;
let site: SiteProcess;

beforeAll(async () => {
  await seedDatabaseAt(dbUrl);
  // Clients come through a proxy that names them, so each has its own address.
  site = await startSite({ DATA_DIR: dataDir, TRUST_PROXY: "loopback" });
}, 60_000);
afterAll(async () => {
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function count(sql: string): Promise<number> {
  const connection = await openDatabase(dbUrl);
  try {
    return Number((await connection.client.execute(sql)).rows[0]?.[0]);
  } finally {
    connection.client.close();
  }
}

test("10,000 views from 50 concurrent clients are all recorded once after SIGTERM", async () => {
  const pages = ["/en/about", "/en/tuts/git-bisect", "/notes/learning-slowly", "/", "/en/tags"];
  const clients = 50;
  const perClient = 200;
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = 0; n < perClient; n++) {
        const response = await fetch(site.url + pages[(client + n) % pages.length]!, {
          headers: {
            "x-forwarded-for": `203.0.113.${client + 1}`,
            "user-agent": `Mozilla/5.0 (X11; Linux x86_64) Firefox/${client}.0`,
          },
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  expect(Object.fromEntries(statuses)).toEqual({ 200: clients * perClient });

  const beforeStop = await count("select count(*) from page_views");
  expect(await site.kill("SIGTERM")).toBe(0);
  expect(site.output()).toContain("SIGTERM received");

  expect(await count("select count(*) from page_views")).toBe(clients * perClient);
  expect(await count("select count(*) from page_views where is_bot = 0")).toBe(clients * perClient);
  // Each client is one visitor (one address and browser, all on one day).
  expect(await count("select count(distinct visitor_key) from page_views")).toBe(clients);
  for (const page of pages) {
    expect(await count(`select count(*) from page_views where route_path = '${page}'`), page).toBe(
      (clients * perClient) / pages.length,
    );
  }
  console.log(`Views in the database when SIGTERM was sent: ${beforeStop}; after the stop: ${clients * perClient}.`);
}, 180_000);
