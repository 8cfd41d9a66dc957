/**
 * Queries an outsider sends to addresses that look their redirects up (the home page with a query, an address
 * without a page): however many parameters and however long, the work is bounded (a few candidate sources, one
 * indexed read), the answer comes fast and is never a 500, and a query-carrying redirect still answers when its
 * parameter rides among others.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { addRedirects } from "~/content/redirects.server";
import { getDb } from "~/db/client.server";
import { serveSeededApp } from "../helpers/app-server";
import { rawRequest } from "../helpers/raw-http";

const site = serveSeededApp(async (db) => {
  const { refused } = await addRedirects(db, [
    { from: "/?p=123", to: "/en/about", kind: "imported" },
    { from: "/index.php?page_id=7", to: "/en/about", kind: "imported" },
  ]);
  expect(refused).toEqual([]);
});

/** Sent as written; its status and how long it took, in ms. */
async function timed(path: string) {
  const started = performance.now();
  const answer = await rawRequest(site.url, path);
  return { status: answer.status, location: answer.headers.location, ms: performance.now() - started };
}

const manyParameters = Array.from({ length: 10_000 }, (_, i) => `k${i % 10}`).join("&");
/** As many parameters as fit in the request line the HTTP front accepts (16 KB of headers). */
const mostParameters = "a&".repeat(7_000);
const longQuery = `q=${"%D8%B3".repeat((8 * 1024) / 6)}`;

describe("query-carrying redirects under hostile queries", () => {
  // The first render of a page loads its modules and warms the caches: timed answers come after it.
  beforeAll(async () => {
    for (const path of ["/", "/?x=1", "/nothing-here", "/nothing-here?x=1"]) await timed(path);
  });

  test.each([
    ["10,000 parameters", `/?${manyParameters}`, [200, 431]],
    ["7,000 one-letter parameters", `/?${mostParameters}`, [200]],
    // The redirect's parameter past the first 1,024 characters is not read: the home page answers.
    ["7,000 parameters before the real one (past what is read)", `/?${mostParameters}p=123`, [200]],
    // Empty parameters are no parameters: whether `p` is then among the first read depends on the parser.
    ["10,000 empty parameters", `/?${"&".repeat(10_000)}p=123`, [200, 301]],
    ["an 8 KB query", `/?${longQuery}`, [200]],
    ["10,000 parameters on an address without a page", `/nothing-here?${manyParameters}`, [404, 431]],
    ["an 8 KB query on an address without a page", `/nothing-here?${longQuery}`, [404]],
  ])("%s answers fast", async (_name, path, statuses) => {
    const answer = await timed(path);
    expect(statuses).toContain(answer.status);
    expect(answer.ms).toBeLessThan(1_000);
  });

  test("the redirect answers among tracking and other parameters, in any order", async () => {
    for (const path of ["/?utm_source=a&p=123", "/?p=123&x=1&utm_medium=b", "/index.php?a=1&page_id=7&fbclid=z"]) {
      const answer = await timed(path);
      expect(answer.status, path).toBe(301);
      expect(answer.location, path).toBe("/en/about");
    }
    expect((await timed("/?p=1234")).status).toBe(200);
    expect((await timed("/index.php?page_id=8")).status).toBe(404);
  });

  test("any query on the home page and on an address without a page answers fast and never fails", async () => {
    const parameter = fc.tuple(fc.string({ maxLength: 40 }), fc.string({ maxLength: 200 }));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/", "/index.php", "/2019/05/x/", "/en/"),
        fc.array(parameter, { maxLength: 400 }),
        async (path, parameters) => {
          const query = parameters.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
          const answer = await timed(`${path}?${query.join("&")}`);
          expect(answer.status).toBeLessThan(500);
          expect(answer.ms).toBeLessThan(1_000);
        },
      ),
      { numRuns: 40 },
    );
    // The database is where it was: the redirects are still both there.
    const db = await getDb();
    expect((await db.query.redirects.findMany()).length).toBe(2);
  });
});
