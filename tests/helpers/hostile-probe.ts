/**
 * One hostile request and what its answer must be, shared by the suites that attack the installed site and the
 * installer: never a 500 or a stack; an API refusal is JSON with a message; a page takes no writes; a refused
 * request leaves the database as it was; nothing is logged as an unexpected failure.
 */
import fc from "fast-check";
import { expect, type MockInstance } from "vitest";
import { getDb } from "~/db/client.server";
import { databaseFingerprint, describeChange } from "./db-fingerprint";
import { hostileBody, hostileQuery, methods } from "./hostile";
import { rawRequest } from "./raw-http";
import type { RouteEntry } from "./route-table";

export interface Probe {
  method: (typeof methods)[number];
  query: string;
  body: { text: string; contentType: string };
  locale: "fa" | "en";
}

export function probeArbitrary(fields: string[]): fc.Arbitrary<Probe> {
  return fc.record({
    method: fc.constantFrom(...methods),
    query: fc.oneof(fc.constant(""), hostileQuery(fields)),
    body: hostileBody(fields),
    locale: fc.constantFrom("fa" as const, "en" as const),
  });
}

export interface ProbeTarget {
  url: string;
  /** console.error, spied on: an unexpected failure is logged there. */
  errors: MockInstance;
  /** Sent with every probe (a session cookie, the setup token). */
  headers: Record<string, string>;
}

/** API calls whose answers are pages by design: the OAuth popup's result. */
const answersWithPages = new Set(["/api/oauth/github/callback"]);
const stackTrace = /\n\s+at [^\n]+:\d+:\d+|node:internal|\/node_modules\//;

/** Sends one probe and checks the answer; returns the database's fingerprint after it. */
export async function sendProbe(target: ProbeTarget, route: RouteEntry, input: Probe, before: string): Promise<string> {
  const withBody = !["GET", "HEAD", "OPTIONS"].includes(input.method);
  const headers: Record<string, string> = {
    origin: target.url,
    "x-locale": input.locale,
    accept: "application/json",
    ...target.headers,
  };
  if (withBody) headers["content-type"] = input.body.contentType;
  const response = await rawRequest(target.url, `${route.path}${input.query}`, {
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
  // A page takes no writes: 405 with what it does take (or 413 first, when the body is over the limit). A page
  // with a form takes POST too, and only POST. A route without a page that has an action answers for itself.
  const takes = route.posts ? ["GET", "HEAD", "OPTIONS", "POST"] : ["GET", "HEAD", "OPTIONS"];
  if (!route.api && !route.ownMethods && !takes.includes(input.method) && response.status !== 413) {
    expect(response.status, what).toBe(405);
    expect(String(response.headers.allow ?? ""), what).toMatch(route.posts ? /GET, HEAD, POST/ : /GET/);
  }
  const after = await databaseFingerprint(await getDb());
  if (response.status >= 400 && after !== before) {
    throw new Error(`${what} was refused but changed the database: ${describeChange(before, after)}`);
  }
  expect(target.errors, what).not.toHaveBeenCalled();
  return after;
}
