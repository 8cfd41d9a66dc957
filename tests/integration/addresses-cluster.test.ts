/**
 * Addresses on two instances sharing one libSQL server: a move published through one makes the old address a 301
 * on the other too, replacing the page that instance had kept for it; a redirect changed in the dashboard of one
 * is what the other answers within seconds; a deleted page is 410 on both. Both commit the same redirects file.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSqld, type Sqld } from "../../scripts/sqld";
import type { BuildSummary, PageSource } from "~/builds/builds.server";
import { ApiClient } from "../helpers/api-client";
import { pageFields } from "../helpers/front-matter";
import { git } from "../helpers/git";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite, type SiteProcess } from "../helpers/site-process";
import { within } from "../helpers/within";

let sqld: Sqld;
let a: SiteProcess;
let b: SiteProcess;
let onA: ApiClient;

beforeAll(async () => {
  sqld = await startSqld({ dbPath: path.join(process.env.DATA_DIR!, "addresses-sqld") });
  await seedDatabaseAt(sqld.url);
  [a, b] = await Promise.all([startSite({ DATABASE_URL: sqld.url }), startSite({ DATABASE_URL: sqld.url })]);
  onA = new ApiClient(a.url);
  await onA.login("editor");
}, 90_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sqld?.stop();
});

const visit = (site: SiteProcess, address: string) => fetch(site.url + encodeURI(address), { redirect: "manual" });

async function publish() {
  const open = (await onA.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds.find(
    (build) => build.status === "open",
  )!;
  expect((await onA.post("/api/builds/run", { buildId: open.id })).status).toBe(200);
}

/**
 * The answer `site` gives for `address` once it is `status` (changes reach an instance within a second; a busy
 * machine is given more).
 */
function answerOn(site: SiteProcess, address: string, status: number) {
  return within(5_000, async () => {
    const answer = await visit(site, address);
    return answer.status === status ? answer : undefined;
  });
}

/**
 * Waits until `site` answers `address` from its kept documents. A publish announces more than once (the pages,
 * then the pushes as they end), and each announcement lets the kept documents go: the next answer keeps it again.
 */
function keptOn(site: SiteProcess, address: string) {
  return within(5_000, async () => {
    const answer = await visit(site, address);
    return answer.headers.get("x-document-cache") === "hit" ? answer : undefined;
  });
}

describe("two instances", () => {
  test("a move published through one instance is a 301 on the other, which had kept the page", async () => {
    const saved = await onA.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: "/notes/travels",
      frontMatter: pageFields("Travels"),
      markdown: "Travels.",
      baseHash: null,
    });
    expect(saved.status).toBe(201);
    await publish();
    await answerOn(b, "/en/notes/travels", 200);
    await keptOn(b, "/en/notes/travels");

    const opened = (await onA.get<PageSource>("/api/builds/source?locale=en&path=%2Fnotes%2Ftravels")).body;
    const moved = await onA.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: "/notes/journeys",
      previousPath: "/notes/travels",
      frontMatter: pageFields("Travels"),
      markdown: "Travels.",
      baseHash: opened.hash,
    });
    expect(moved.status).toBe(201);
    await publish();
    for (const site of [a, b]) {
      const answer = await answerOn(site, "/en/notes/travels", 301);
      expect(answer.headers.get("location")).toBe("/en/notes/journeys");
    }
  });

  test("a redirect changed through one instance's dashboard is what the other answers", async () => {
    const created = await onA.post("/api/redirects/new", { from: "/en/notes/trips", to: "/en/notes/travels" });
    expect(created.status).toBe(201);
    // Collapsed: travels already leads to journeys.
    expect((await answerOn(b, "/en/notes/trips", 301)).headers.get("location")).toBe("/en/notes/journeys");
    await keptOn(b, "/en/notes/trips");
    const id = (created.body.redirect as { id: number }).id;
    expect((await onA.put("/api/redirects/update", { id, from: "/en/notes/trips", to: "/en/about" })).status).toBe(200);
    const changed = await within(5_000, async () => {
      const answer = await visit(b, "/en/notes/trips");
      return answer.headers.get("location") === "/en/about" ? answer : undefined;
    });
    expect(changed.status).toBe(301);
  });

  test("a query-carrying redirect stored through one instance answers on the other", async () => {
    const created = await onA.post("/api/redirects/new", { from: "/?utm_source=x&p=77", to: "/en/notes/journeys" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((created.body.redirect as { from: string }).from).toBe("/?p=77");
    for (const address of ["/?p=77", "/?fbclid=y&p=77&utm_medium=z"]) {
      const answer = await answerOn(b, address, 301);
      expect(answer.headers.get("location")).toBe("/en/notes/journeys");
    }
    expect((await visit(b, "/")).status).toBe(200);
    expect((await visit(b, "/?p=78")).status).toBe(200);
  });

  test("both instances commit the same redirects file", async () => {
    const heads = await within(5_000, async () => {
      const seen = await Promise.all(
        [a, b].map((site) =>
          git(path.join(site.dataDir, "repository", "content.git"), "rev-parse", "main").catch(() => ""),
        ),
      );
      return seen[0] && seen[0] === seen[1] ? seen : undefined;
    });
    const file = await git(
      path.join(a.dataDir, "repository", "content.git"),
      "show",
      `${heads[0]}:content/redirects.yaml`,
    );
    expect(file).toContain('- { from: "/en/notes/travels", to: "/en/notes/journeys", kind: moved }');
  });
});
