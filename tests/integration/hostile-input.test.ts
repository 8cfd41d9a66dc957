/**
 * Hostile input against every route in app/routes.ts (so a route added later is attacked without a new test):
 * malformed and oversized bodies, wrong types, unicode edge cases, injection payloads, prototype keys, wrong
 * methods, from an anonymous visitor and from an administrator. Whatever arrives, the answer is never a 500 or a
 * stack; an API refusal is JSON with a message; a refused request leaves the database as it was; nothing is logged
 * as an unexpected failure.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { comments, commentStatuses } from "~/db/schema";
import { serveSeededApp } from "../helpers/app-server";
import { databaseFingerprint } from "../helpers/db-fingerprint";
import { edgeQueryNumbers, numericQueryNames, plausibleQuery, schemaFieldNames } from "../helpers/hostile";
import { probeArbitrary, sendProbe, type Probe } from "../helpers/hostile-probe";
import { routeTable, type RouteEntry } from "../helpers/route-table";
import { sessionCookieFor } from "../helpers/sessions";

// Comments in every state, so listings have pages to count and a page number past the end means something.
const site = serveSeededApp((db) =>
  db.insert(comments).values(
    commentStatuses.flatMap((status) =>
      [1, 2, 3].map((n) => ({
        routePath: plausibleQuery.routePath!,
        authorName: `Probe ${n}`,
        body: `A ${status} comment number ${n}`,
        status,
      })),
    ),
  ),
);
/** Probes per route and caller (HOSTILE_RUNS raises it for a deeper search); pages share modules across prefixes. */
const apiRuns = Number(process.env.HOSTILE_RUNS ?? 10);
const pageRuns = Math.ceil(apiRuns / 3);
const fields = schemaFieldNames();
const routes = routeTable();

let errors: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  errors = vi.spyOn(console, "error");
});
afterAll(() => errors.mockRestore());

const probe = probeArbitrary(fields);
const attack = (route: RouteEntry, input: Probe, cookie: string | undefined, before: string) =>
  sendProbe({ url: site.url, errors, headers: cookie ? { cookie } : {} }, route, input, before);

describe.each([
  ["an anonymous visitor", undefined],
  ["an administrator", "admin"],
] as const)("hostile input from %s", (_who, userName) => {
  it.each(routes.map((route) => [route.path, route] as const))(
    "%s answers every probe without failing",
    async (_path, route) => {
      const db = await getDb();
      // The database's fingerprint after the last probe is the next one's before: nothing else writes in between
      // (what the server writes on its own is left out of it), so only a new session makes a new one needed.
      let fingerprint = userName ? "" : await databaseFingerprint(db);
      await fc.assert(
        fc.asyncProperty(probe, async (input) => {
          // A fresh session each time: a probe may legitimately sign the administrator out or change their roles.
          const cookie = userName ? await sessionCookieFor(db, userName) : undefined;
          if (cookie) fingerprint = await databaseFingerprint(db);
          fingerprint = await attack(route, input, cookie, fingerprint);
        }),
        { numRuns: route.api ? apiRuns : pageRuns },
      );
    },
  );
});

describe("query numbers at their edges", () => {
  // Every numeric query name with every edge value, the other parameters valid: a page or call must bound what
  // it parses (400, or the nearest sensible page), never pass it on to the database. Pages once: /fa and /en
  // share their modules with the unprefixed page.
  it.each(
    routes
      .filter((route) => !route.path.startsWith("/api/install/") && !/^\/(fa|en)(\/|$)/.test(route.path))
      .map((route) => [route.path, route] as const),
  )("%s bounds every number it reads", async (_path, route) => {
    const db = await getDb();
    const cookie = await sessionCookieFor(db, "admin");
    let fingerprint = await databaseFingerprint(db);
    for (const name of numericQueryNames) {
      for (const value of edgeQueryNumbers) {
        const query = `?${new URLSearchParams({ ...plausibleQuery, [name]: value }).toString()}`;
        fingerprint = await attack(
          route,
          { method: "GET", query, body: { text: "", contentType: "" }, locale: "en" },
          cookie,
          fingerprint,
        );
      }
    }
  });
});

it("walks every route the router has, API calls and pages", () => {
  const paths = routes.map((route) => route.path);
  expect(paths).toContain("/api/auth/login");
  expect(paths).toContain("/api/comments/moderate");
  expect(paths).toContain("/en/manage/comments");
  expect(routes.filter((route) => route.api).length).toBeGreaterThan(25);
  expect(fields).toEqual(expect.arrayContaining(["userName", "password", "userId"]));
});
