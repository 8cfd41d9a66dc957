/**
 * Two app instances on one libSQL server (sqld), as behind a load balancer: a menu saved through one reaches the
 * other's cached pages through the change feed, and a save refused on one (a target that does not exist) leaves
 * both as they were.
 */
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startSqld, type Sqld } from "../../scripts/sqld";
import { ApiClient } from "../helpers/api-client";
import { elements, textOf } from "../helpers/html";
import { rawRequest } from "../helpers/raw-http";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite, type SiteProcess } from "../helpers/site-process";
import { within } from "../helpers/within";

let sqld: Sqld;
let a: SiteProcess;
let b: SiteProcess;

beforeAll(async () => {
  sqld = await startSqld({ dbPath: path.join(process.env.DATA_DIR!, "menu-sqld") });
  await seedDatabaseAt(sqld.url);
  [a, b] = await Promise.all([startSite({ DATABASE_URL: sqld.url }), startSite({ DATABASE_URL: sqld.url })]);
}, 90_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sqld?.stop();
});

/** The header menu's labels of a page on one instance, and whether the page came from its document cache. */
async function menuOf(site: SiteProcess, page: string) {
  const answer = await rawRequest(site.url, page);
  const labels = elements(answer.body, "li", { dataTestid: "nav-item" }).map((item) => textOf(elements(item, "a")[0]!));
  return { labels, cache: answer.headers["x-document-cache"] };
}

test("a menu saved through A is on B's cached pages, in both languages, once the change feed brings it", async () => {
  await menuOf(b, "/en/about");
  expect(await menuOf(b, "/en/about")).toEqual({ labels: ["Home", "Logs", "About", "Contact"], cache: "hit" });
  const owner = new ApiClient(a.url);
  await owner.login("admin");
  const { version } = (await owner.get<{ version: number }>("/api/settings")).body;
  const saved = await owner.put("/api/settings/menu", {
    version,
    menu: [
      { kind: "category", target: "books", label: { fa: "", en: "" } },
      { kind: "page", target: "/about", label: { fa: "من", en: "Me" } },
    ],
  });
  expect(saved.status).toBe(200);
  // The feed is polled about once a second; a machine busy with other work may take longer.
  await within(10_000, async () => (await menuOf(b, "/en/about")).labels.join() === "Books,Me");
  expect((await menuOf(b, "/about")).labels).toEqual(["کتاب‌ها", "من"]);
});

test("a menu refused on B (a page that does not exist) changes nothing on either instance", async () => {
  const owner = new ApiClient(b.url);
  await owner.login("admin");
  const { version } = (await owner.get<{ version: number }>("/api/settings")).body;
  const refused = await owner.put("/api/settings/menu", {
    version,
    menu: [{ kind: "page", target: "/gone", label: { fa: "", en: "Gone" } }],
  });
  expect(refused.status).toBe(422);
  expect((await owner.get<{ version: number }>("/api/settings")).body.version).toBe(version);
  for (const site of [a, b]) expect((await menuOf(site, "/en/about")).labels).toEqual(["Books", "Me"]);
});
