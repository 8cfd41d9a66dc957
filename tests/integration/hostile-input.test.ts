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
import {
  edgeQueryNumbers,
  hostileBody,
  hostileQuery,
  methods,
  numericQueryNames,
  plausibleQuery,
  schemaFieldNames,
} from "../helpers/hostile";
import { rawRequest } from "../helpers/raw-http";
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
/** API calls whose answers are pages by design: the OAuth popup's result. */
const answersWithPages = new Set(["/api/oauth/github/callback"]);
const stackTrace = /\n\s+at [^\n]+:\d+:\d+|node:internal|\/node_modules\//;

let errors: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  errors = vi.spyOn(console, "error");
});
afterAll(() => errors.mockRestore());

interface Probe {
  method: (typeof methods)[number];
  query: string;
  body: { text: string; contentType: string };
  locale: "fa" | "en";
}

const probe: fc.Arbitrary<Probe> = fc.record({
  method: fc.constantFrom(...methods),
  query: fc.oneof(fc.constant(""), hostileQuery(fields)),
  body: hostileBody(fields),
  locale: fc.constantFrom("fa" as const, "en" as const),
});

/** Sends one probe and checks the answer; returns the database's fingerprint after it. */
async function attack(route: RouteEntry, input: Probe, cookie: string | undefined, before: string): Promise<string> {
  const withBody = !["GET", "HEAD", "OPTIONS"].includes(input.method);
  const headers: Record<string, string> = { origin: site.url, "x-locale": input.locale, accept: "application/json" };
  if (cookie) headers.cookie = cookie;
  if (withBody) headers["content-type"] = input.body.contentType;
  const response = await rawRequest(site.url, `${route.path}${input.query}`, {
    method: input.method,
    headers,
    body: withBody ? input.body.text : undefined,
  });
  const text = response.body;
  const what = `${input.method} ${route.path}${input.query} ${withBody ? input.body.text.slice(0, 200) : ""}`;
  expect(response.status, what).toBeLessThan(500);
  expect(text, what).not.toMatch(stackTrace);
  if (response.status >= 400 && route.api && input.method !== "HEAD" && !answersWithPages.has(route.path)) {
    expect(String(response.headers["content-type"]), what).toMatch(/^application\/json/);
    const { message } = JSON.parse(text) as { message?: unknown };
    expect(typeof message === "string" && message.length > 0, what).toBe(true);
  }
  // A page takes no writes: 405 with what it does take (or 413 first, when the body is over the limit).
  if (!route.api && !["GET", "HEAD", "OPTIONS"].includes(input.method) && response.status !== 413) {
    expect(response.status, what).toBe(405);
    expect(String(response.headers.allow ?? ""), what).toMatch(/GET/);
  }
  const after = await databaseFingerprint(await getDb());
  if (response.status >= 400) expect(after, `${what} was refused but changed the database`).toBe(before);
  expect(errors, what).not.toHaveBeenCalled();
  return after;
}

describe.each([
  ["an anonymous visitor", undefined],
  ["an administrator", "admin"],
] as const)("hostile input from %s", (_who, userName) => {
  it.each(routes.map((route) => [route.path, route] as const))(
    "%s answers every probe without failing",
    async (_path, route) => {
      const db = await getDb();
      await fc.assert(
        fc.asyncProperty(probe, async (input) => {
          // A fresh session each time: a probe may legitimately sign the administrator out or change their roles.
          const cookie = userName ? await sessionCookieFor(db, userName) : undefined;
          await attack(route, input, cookie, await databaseFingerprint(db));
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
    for (const name of numericQueryNames) {
      for (const value of edgeQueryNumbers) {
        const query = `?${new URLSearchParams({ ...plausibleQuery, [name]: value }).toString()}`;
        await attack(
          route,
          { method: "GET", query, body: { text: "", contentType: "" }, locale: "en" },
          cookie,
          await databaseFingerprint(db),
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
