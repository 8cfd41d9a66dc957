/**
 * The newsletter on the production build, as a reader without JavaScript and a mail program use it: the footer's
 * plain form posted to /newsletter (same answer for a known address, a clear message for a bad one, a cross-site
 * post refused), the confirmation message's link confirmed with its button, a new post published by an editor
 * arriving by the site's own background work through a real SMTP server on loopback (an edit of it does not),
 * and the message's one-click unsubscribe POST made as a mail provider makes it (no cookie, no Origin).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { BuildSummary, PageSource } from "~/builds/builds.server";
import { getDb } from "~/db/client.server";
import { newsletterSubscribers } from "~/db/schema";
import { smtpSettingsFor } from "../helpers/mail-site";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { pageFields } from "../helpers/front-matter";
import { seedDatabaseAt } from "../helpers/seed";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";
import { within } from "../helpers/within";

let server: TestServer;
let smtp: TestSmtpServer;
let editor: ApiClient;

beforeAll(async () => {
  process.env.SMTP_HOST_ALLOW_PRIVATE = "127.0.0.0/8,::1";
  await seedDatabaseAt(process.env.DATABASE_URL!);
  smtp = await startSmtpServer();
  server = await startAppServer();
  const admin = new ApiClient(server.url);
  await admin.login("admin");
  const saved = await admin.put("/api/mail/settings", smtpSettingsFor(smtp.port));
  expect(saved.status).toBe(200);
  editor = new ApiClient(server.url);
  await editor.login("editor");
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
  delete process.env.SMTP_HOST_ALLOW_PRIVATE;
});

/** The footer's form, posted as a browser without JavaScript posts it. */
function subscribe(fields: Record<string, string>, { path = "/en/newsletter", origin = server.url } = {}) {
  return fetch(server.url + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

async function publish(path: string, title: string, markdown: string) {
  const source = await editor.get<PageSource>(`/api/builds/source?locale=en&path=${encodeURIComponent(path)}`);
  const saved = await editor.post("/api/builds/commit", {
    action: "save",
    locale: "en",
    path,
    frontMatter: pageFields(title, { date: "2026-11-27", category: "notes" }),
    markdown,
    baseHash: source.status === 200 && source.body.exists ? source.body.hash : null,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
  const open = (await editor.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds.find(
    (build) => build.status === "open",
  )!;
  expect((await editor.post("/api/builds/run", { buildId: open.id })).status).toBe(200);
}

test("subscribe from the footer, confirm from the message, get the next post once, unsubscribe in one click", async () => {
  const home = await (await fetch(`${server.url}/en`)).text();
  expect(home).toContain('action="/en/newsletter"');

  const answer = await subscribe({ email: "journey@example.test", languages: "en" });
  expect(answer.status).toBe(200);
  const page = await answer.text();
  expect(page).toContain("Check your inbox");
  const db = await getDb();
  expect(await db.select().from(newsletterSubscribers).all()).toEqual([]);

  const confirmation = await smtp.nextMessage(0, 20_000);
  expect(confirmation.subject).toBe("Confirm your subscription to Daftar");
  // Links name the configured origin; this server listens on a port of its own.
  const here = (address: string) => server.url + new URL(address).pathname + new URL(address).search;
  const link = here(
    /(http:\/\/[^\s\]]+\/en\/newsletter\/confirm\?token=[A-Za-z0-9_.-]+)/.exec(confirmation.text!)![1]!,
  );
  // Opening the link keeps nothing; its button does.
  const opened = await fetch(link);
  expect(await opened.text()).toContain("journey@example.test");
  expect(await db.select().from(newsletterSubscribers).all()).toEqual([]);
  const confirmed = await fetch(link, { method: "POST", headers: { Origin: new URL(link).origin } });
  expect(confirmed.status).toBe(200);
  expect(await db.select().from(newsletterSubscribers).all()).toMatchObject([
    { email: "journey@example.test", languages: "en", locale: "en" },
  ]);

  await publish("/notes/newsletter-journey", "A post for the journey", "Hello, subscribers.");
  const post = await smtp.nextMessage(1, 30_000);
  expect(post.subject).toBe("A post for the journey — Daftar");
  expect(post.text).toContain("/en/notes/newsletter-journey");
  // An edit of a post already public is not news.
  await publish("/notes/newsletter-journey", "A post for the journey", "Hello again, subscribers.");

  const list = post.headers.get("list") as { unsubscribe: { url: string } };
  const oneClick = await fetch(here(list.unsubscribe.url), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status).toBe(200);
  expect(await db.select().from(newsletterSubscribers).all()).toEqual([]);
  // The edit's turn of the background work has come and gone: still two messages.
  await new Promise((resolve) => setTimeout(resolve, 8_000));
  expect(smtp.received).toHaveLength(2);
});

test("the same answer for an address already subscribed; a bad address is told in the page's language", async () => {
  const db = await getDb();
  await db.insert(newsletterSubscribers).values({
    email: "known@example.test",
    languages: "fa",
    locale: "fa",
    confirmedAt: new Date(),
  });
  const known = await subscribe({ email: "known@example.test", languages: "fa" });
  const unknown = await subscribe({ email: "unknown@example.test", languages: "fa" });
  expect([known.status, unknown.status]).toEqual([200, 200]);
  const text = (html: string) => /data-testid="newsletter-sent"[^>]*>([^<]*)</.exec(html)?.[1];
  expect(text(await known.text())).toBe(text(await unknown.text()));

  const bad = await subscribe({ email: "not an address", languages: "fa" }, { path: "/newsletter" });
  expect(bad.status).toBe(400);
  expect(await bad.text()).toMatch(/data-testid="newsletter-error"[^>]*>[^<]*[\u0600-\u06FF]/);
  await within(
    10_000,
    async () =>
      (await db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, "known@example.test"))
        .get()) !== undefined,
  );
});

test("a cross-site form post is refused; the unsubscribe link's one-click POST is not", async () => {
  const refused = await subscribe({ email: "victim@example.test", languages: "en" }, { origin: "https://evil.test" });
  expect(refused.status).toBe(403);
  const browserCrossSite = await fetch(`${server.url}/en/unsubscribe?token=newsletter~1~x`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(browserCrossSite.status).toBe(403);
});
