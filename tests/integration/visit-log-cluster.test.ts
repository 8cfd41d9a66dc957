/**
 * Two app instances on one libSQL server (sqld), as behind a load balancer: views recorded by either appear in
 * one count, visitors are counted once whichever instance they reach (the day's salt is shared), and turning the
 * visit log off on one instance's settings stops both.
 */
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase, type DatabaseConnection } from "~/db/client.server";
import { updateAppConfig } from "~/settings/app-config.server";
import { defaultAppConfig } from "~/settings/app-config";
import { startSqld, type Sqld } from "../../scripts/sqld";
import { ApiClient } from "../helpers/api-client";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite, type SiteProcess } from "../helpers/site-process";
import { within } from "../helpers/within";

let sqld: Sqld;
let a: SiteProcess;
let b: SiteProcess;
let writer: DatabaseConnection;

beforeAll(async () => {
  sqld = await startSqld({ dbPath: path.join(process.env.DATA_DIR!, "visit-log-sqld") });
  await seedDatabaseAt(sqld.url);
  const env = { DATABASE_URL: sqld.url, TRUST_PROXY: "loopback" };
  [a, b] = await Promise.all([startSite(env), startSite(env)]);
  writer = await openDatabase(sqld.url);
}, 90_000);

afterAll(async () => {
  writer?.client.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await sqld?.stop();
});

const visit = (site: SiteProcess, page: string, address: string) =>
  fetch(site.url + page, { headers: { "x-forwarded-for": address, "user-agent": "Mozilla/5.0 Firefox/140.0" } }).then(
    (response) => response.status,
  );

async function totals(client: ApiClient) {
  const answer = await client.get<{ totals: { views: number; visitors: number } }>("/api/analysis/traffic");
  expect(answer.status).toBe(200);
  return answer.body.totals;
}

test("views recorded by both instances appear in one count, each visitor once", async () => {
  const admin = new ApiClient(a.url);
  await admin.login("admin");
  const statuses = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      // Ten visitors, each sent to both instances in turn.
      visit(i % 2 ? b : a, i % 3 ? "/en/about" : "/notes/learning-slowly", `198.51.100.${i % 10}`),
    ),
  );
  expect(statuses.every((status) => status === 200)).toBe(true);
  // Each instance writes its views about once a second; a machine busy with other work may take longer.
  await within(20_000, async () => (await totals(admin)).views >= 60);
  expect(await totals(admin)).toMatchObject({ views: 60, visitors: 10 });
  // Asked of the other instance, the same answer.
  const onB = new ApiClient(b.url);
  onB.cookies.set(...([...admin.cookies][0] as [string, string]));
  expect(await totals(onB)).toMatchObject({ views: 60, visitors: 10 });
  const salts = await writer.client.execute("select count(*) from visitor_salts");
  expect(Number(salts.rows[0]?.[0])).toBe(1);
});

test("turning the visit log off reaches both instances", async () => {
  const admin = new ApiClient(b.url);
  await admin.login("admin");
  const before = (await totals(admin)).views;
  await updateAppConfig({ visitLog: { ...defaultAppConfig.visitLog, enabled: false } }, writer.db);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await Promise.all([visit(a, "/en/about", "198.51.100.50"), visit(b, "/en/about", "198.51.100.51")]);
  await updateAppConfig({ visitLog: defaultAppConfig.visitLog }, writer.db);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await Promise.all([visit(a, "/en/contact", "198.51.100.52"), visit(b, "/en/contact", "198.51.100.53")]);
  await within(5000, async () => (await totals(admin)).views === before + 2);
  const contact = await writer.client.execute("select count(*) from page_views where route_path = '/en/contact'");
  expect(Number(contact.rows[0]?.[0])).toBe(2);
});
