/**
 * Private preview links on the production build: a writer's link shows the open build's unpublished text to a
 * client without a session, marked noindex and never kept by the document cache; the link is stored only as its
 * hash; it is 404 once revoked or expired; unknown tokens are limited per address; only who may edit makes them,
 * and a link ends when its maker no longer may.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { PageSource } from "~/builds/builds.server";
import { limits } from "~/db/rate-limit.server";
import { getDb } from "~/db/client.server";
import { previewLinks, rateLimits, userRoles, users } from "~/db/schema";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { pageFields } from "../helpers/front-matter";
import { seedDatabaseAt } from "../helpers/seed";

let server: TestServer;
let editor: ApiClient;

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  server = await startAppServer();
  editor = new ApiClient(server.url);
  await editor.login("editor");
});
afterAll(async () => {
  await server?.close();
});

interface Made {
  url: string;
  link: { id: number; locale: string; path: string; expiresAt: string };
}

async function save(locale: string, path: string, title: string, markdown: string) {
  const source = await editor.get<PageSource>(`/api/builds/source?locale=${locale}&path=${encodeURIComponent(path)}`);
  const answer = await editor.post("/api/builds/commit", {
    action: "save",
    locale,
    path,
    frontMatter: pageFields(title, { date: "2026-11-25" }),
    markdown,
    baseHash: source.status === 200 && source.body.exists ? source.body.hash : null,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
}

async function makeLink(locale: string, path: string): Promise<Made> {
  const answer = await editor.post<Made>("/api/builds/preview-links", { locale, path });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** The link opened by a client that has no cookies at all. */
const open = (url: string) => fetch(url, { redirect: "manual" });

describe("preview links", () => {
  test("show the open build's unpublished text without a session, noindex, never kept; 404 once revoked", async () => {
    await save("en", "/notes/wombat-draft", "Wombat draft", "The **wombat** text nobody has published.");
    const made = await makeLink("en", "/notes/wombat-draft");
    expect(made.url).toMatch(/\/en\/preview\/[A-Za-z0-9_-]{43}$/);
    const token = made.url.split("/").at(-1)!;

    // The page has no public address yet.
    expect((await open(`${server.url}/en/notes/wombat-draft`)).status).toBe(404);
    for (let i = 0; i < 2; i++) {
      const answer = await open(made.url.replace(/^https?:\/\/[^/]+/, server.url));
      const html = await answer.text();
      expect(answer.status).toBe(200);
      expect(html).toContain("<strong>wombat</strong> text nobody has published");
      expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
      expect(answer.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      // Asked twice: the second answer is rendered again, not one the document cache kept.
      expect(answer.headers.get("x-document-cache")).not.toBe("hit");
    }

    // Only the token's hash is stored.
    const db = await getDb();
    const row = await db.select().from(previewLinks).where(eq(previewLinks.id, made.link.id)).get();
    expect(row?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);

    // The writer sees it among their live links, and revokes it.
    const listed = await editor.get<{ links: { id: number }[] }>("/api/builds/preview-links");
    expect(listed.body.links.map((link) => link.id)).toContain(made.link.id);
    const revoked = await editor.call("DELETE", "/api/builds/preview-links", { id: made.link.id });
    expect(revoked.status).toBe(200);
    expect((await open(made.url.replace(/^https?:\/\/[^/]+/, server.url))).status).toBe(404);
    const after = await editor.get<{ links: { id: number }[] }>("/api/builds/preview-links");
    expect(after.body.links.map((link) => link.id)).not.toContain(made.link.id);
  });

  test("an expired link is 404", async () => {
    const made = await makeLink("en", "/about");
    const local = made.url.replace(/^https?:\/\/[^/]+/, server.url);
    expect((await open(local)).status).toBe(200);
    const db = await getDb();
    await db
      .update(previewLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(previewLinks.id, made.link.id));
    expect((await open(local)).status).toBe(404);
    // A week by default.
    const week = Date.parse(made.link.expiresAt) - Date.now();
    expect(week).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(week).toBeLessThanOrEqual(7 * 86_400_000);
  });

  test("only who may edit makes links; another writer cannot revoke one; a missing page is refused", async () => {
    const member = new ApiClient(server.url);
    await member.login("member");
    expect((await member.post("/api/builds/preview-links", { locale: "en", path: "/about" })).status).toBe(403);
    expect(
      (await new ApiClient(server.url).post("/api/builds/preview-links", { locale: "en", path: "/about" })).status,
    ).toBe(401);
    const made = await makeLink("en", "/about");
    const admin = new ApiClient(server.url);
    await admin.login("admin");
    expect((await admin.call("DELETE", "/api/builds/preview-links", { id: made.link.id })).status).toBe(404);
    expect((await open(made.url.replace(/^https?:\/\/[^/]+/, server.url))).status).toBe(200);
    const missing = await editor.post<{ message: string }>("/api/builds/preview-links", {
      locale: "en",
      path: "/notes/no-such-page",
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Save the page first: there is nothing to preview yet.");
  });

  test("a link ends when its maker may no longer write: disabled, or without a role that lets them", async () => {
    const made = await makeLink("en", "/about");
    const local = made.url.replace(/^https?:\/\/[^/]+/, server.url);
    expect((await open(local)).status).toBe(200);
    const db = await getDb();
    const maker = (await db.select().from(users).where(eq(users.userName, "editor")).get())!;

    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, maker.id));
    expect((await open(local)).status).toBe(404);
    await db.update(users).set({ disabledAt: null }).where(eq(users.id, maker.id));
    expect((await open(local)).status).toBe(200);

    const held = await db.select().from(userRoles).where(eq(userRoles.userId, maker.id)).all();
    await db.delete(userRoles).where(eq(userRoles.userId, maker.id));
    try {
      expect((await open(local)).status).toBe(404);
    } finally {
      await db.insert(userRoles).values(held);
    }
    expect((await open(local)).status).toBe(200);
  });

  test("unknown tokens are limited per address: past the budget the address gets 429", async () => {
    const db = await getDb();
    await db.delete(rateLimits);
    const guess = () => open(`${server.url}/en/preview/${"A".repeat(43)}`);
    for (let i = 0; i < limits.previewMissesByAddress.max; i++) expect((await guess()).status).toBe(404);
    const refused = await guess();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await db.delete(rateLimits);
  });
});
