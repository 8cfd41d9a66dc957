/**
 * The newsletter's services on a real database and a real SMTP server on loopback: a confirmation link that keeps
 * nothing until used, signed and expiring; due posts made into one send per build (and a scheduled one at its
 * release), fanned out once per subscriber by two claimers at once, in the subscriber's language with the posts
 * of their languages; the counts read from the outbox; the unsubscribe list forgets the address.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { closeDatabase, getDb } from "~/db/client.server";
import {
  mailOutbox,
  newsletterDeliveries,
  newsletterPosts,
  newsletterRemovals,
  newsletterSends,
  newsletterSubscribers,
  pages,
  rateLimits,
} from "~/db/schema";
import { hit, limits } from "~/db/rate-limit.server";
import { processOutbox } from "~/mail/outbox.server";
import { saveSmtpSettings } from "~/mail/smtp-settings.server";
import { readUnsubscribeToken } from "~/mail/unsubscribe.server";
import { recordNewPosts } from "~/newsletter/posts.server";
import { fanOutBatch, prepareSends, recentSends, runNewsletter } from "~/newsletter/sends.server";
import { subscriberOverview, subscribersCsv } from "~/newsletter/subscribers.server";
import {
  CONFIRM_LIFETIME_MS,
  confirmationToken,
  confirmSubscription,
  mailboxKey,
  readConfirmationToken,
  removeSubscriber,
  requestSubscription,
  subscriberById,
} from "~/newsletter/subscriptions.server";
import { unsubscribeLists } from "../../app/routes/site/unsubscribe-lists.server";
import { smtpSettingsFor } from "../helpers/mail-site";
import { seedDatabase } from "../helpers/seed";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

const ORIGIN = "https://daftar.test";
const siteName = { fa: "دفتر", en: "Daftar" };
let server: TestSmtpServer | undefined;

beforeAll(async () => {
  process.env.SMTP_HOST_ALLOW_PRIVATE = "127.0.0.0/8,::1";
  resetConfigForTests();
  await seedDatabase(await getDb());
});
afterEach(async () => {
  const db = await getDb();
  for (const table of [
    mailOutbox,
    newsletterDeliveries,
    newsletterPosts,
    newsletterRemovals,
    newsletterSends,
    newsletterSubscribers,
  ]) {
    await db.delete(table);
  }
  await db.delete(rateLimits);
  await server?.stop();
  server = undefined;
});
afterAll(async () => {
  delete process.env.SMTP_HOST_ALLOW_PRIVATE;
  resetConfigForTests();
  await closeDatabase();
});

async function smtp() {
  server = await startSmtpServer();
  await saveSmtpSettings(await getDb(), smtpSettingsFor(server.port));
  return server;
}

/** A public post at `path` (as a published build leaves it), recorded as new by build `buildId`. */
async function newPost(buildId: number, locale: "fa" | "en", path: string, title: string, dueAt = new Date()) {
  const db = await getDb();
  const withheld = dueAt.getTime() > Date.now();
  await db
    .insert(pages)
    .values({ locale, path, title, body: "x", date: "2026-11-27", withheld, publishAt: withheld ? dueAt : null })
    .onConflictDoNothing();
  await recordNewPosts(db, buildId, [{ locale, path, title, description: `${title}.`, dueAt }]);
}

async function subscribers(count: number, languages: "fa" | "en" | "both" = "en", locale: "fa" | "en" = "en") {
  const db = await getDb();
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `${languages}-${locale}-${i}@example.test`,
    languages,
    locale,
    confirmedAt: new Date(),
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(newsletterSubscribers).values(rows.slice(i, i + 500));
}

describe("subscribing", () => {
  test("the confirmation message carries the address; nothing is kept until its link is used", async () => {
    const smtp_ = await smtp();
    const db = await getDb();
    const subscription = { email: "Reader@Example.test", languages: "both" as const, locale: "en" as const };
    await requestSubscription(db, subscription, { clientIp: "203.0.113.5", origin: ORIGIN, siteName: "Daftar" });
    expect(await db.select().from(newsletterSubscribers).all()).toEqual([]);
    await processOutbox(db);
    const message = await smtp_.nextMessage(0);
    expect(message.subject).toBe("Confirm your subscription to Daftar");
    const link = /https:\/\/daftar\.test\/en\/newsletter\/confirm\?token=([A-Za-z0-9_.-]+)/.exec(message.text!)!;
    expect(link).not.toBeNull();
    expect(await readConfirmationToken(db, link[1]!)).toEqual({ ...subscription, issuedAt: expect.any(Number) });
    const id = await confirmSubscription(db, subscription);
    // Used again, or for the same address in other letters: still one subscriber, with the latest choice.
    expect(await confirmSubscription(db, { ...subscription, email: "reader@example.TEST", languages: "fa" })).toBe(id);
    const rows = await db.select().from(newsletterSubscribers).all();
    expect(rows).toMatchObject([{ id, email: "Reader@Example.test", languages: "fa" }]);
  });

  test("a changed or expired link keeps nothing", async () => {
    const db = await getDb();
    const now = Date.now();
    const token = await confirmationToken(db, { email: "a@example.test", languages: "fa", locale: "fa" }, now);
    const [body, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ e: "b@example.test", l: "fa", m: "fa", x: now + 1e9 })).toString(
      "base64url",
    );
    expect(await readConfirmationToken(db, `${forged}.${signature}`)).toBeNull();
    expect(await readConfirmationToken(db, `${body}.${signature}x`)).toBeNull();
    expect(await readConfirmationToken(db, token, now + CONFIRM_LIFETIME_MS + 1)).toBeNull();
    expect(await readConfirmationToken(db, "x".repeat(5_000))).toBeNull();
    expect(await readConfirmationToken(db, token, now + 1)).not.toBeNull();
  });

  test("one address gets a few confirmation messages a day however many ask; one client a few addresses", async () => {
    const db = await getDb();
    const ask = (email: string, clientIp: string) =>
      requestSubscription(
        db,
        { email, languages: "en", locale: "en" },
        { clientIp, origin: ORIGIN, siteName: "Daftar" },
      ).then(
        () => 200,
        (error: { status?: number }) => error.status,
      );
    const byTarget = [];
    for (let i = 0; i < 5; i++) byTarget.push(await ask("target@example.test", `198.51.100.${i}`));
    expect(byTarget).toEqual([200, 200, 200, 429, 429]);
    const byClient = [];
    for (let i = 0; i < 12; i++) byClient.push(await ask(`c${i}@example.test`, "192.0.2.9"));
    expect(byClient.filter((status) => status === 200)).toHaveLength(10);
    expect(byClient.slice(10)).toEqual([429, 429]);
    const queued = await db
      .select({ n: sql<number>`count(*)` })
      .from(mailOutbox)
      .get();
    expect(queued?.n).toBe(13);
  });

  test("one mailbox under many spellings shares one budget, spent only by clients within their own", async () => {
    const db = await getDb();
    const ask = (email: string, clientIp: string) =>
      requestSubscription(
        db,
        { email, languages: "en", locale: "en" },
        { clientIp, origin: ORIGIN, siteName: "Daftar" },
      ).then(
        () => 200,
        (error: { status?: number }) => error.status,
      );
    // A client past its own limit asking for the address spends none of the address's budget.
    for (let i = 0; i < 10; i++) expect(await ask(`filler${i}@example.test`, "192.0.2.50")).toBe(200);
    expect(await ask("victim@gmail.com", "192.0.2.50")).toBe(429);
    expect(await ask("victim@gmail.com", "192.0.2.50")).toBe(429);
    const spellings = [
      "Victim+news@gmail.com",
      "vic.tim@googlemail.com",
      "V.I.C.T.I.M@Gmail.com",
      "victim+x@gmail.com",
    ];
    const statuses = [];
    for (const [i, email] of spellings.entries()) statuses.push(await ask(email, `198.51.100.${i}`));
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Elsewhere dots count (only Gmail ignores them); a tag never does.
    expect(mailboxKey("A.B+tag@Example.TEST")).toBe("a.b@example.test");
    expect(mailboxKey("a.b.c@googlemail.com")).toBe("abc@gmail.com");
  });

  test("past the site's hourly cap the answer is the same, nothing is sent, and the log says so", async () => {
    const db = await getDb();
    await hit(db, limits.newsletterSiteWide, "site", limits.newsletterSiteWide.max);
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(" "));
    try {
      await requestSubscription(
        db,
        { email: "one@example.test", languages: "en", locale: "en" },
        { clientIp: "203.0.113.77", origin: ORIGIN, siteName: "Daftar" },
      );
    } finally {
      console.warn = warn;
    }
    expect(await db.select().from(mailOutbox).all()).toEqual([]);
    expect(warnings.join("\n")).toMatch(/hourly cap on confirmation messages/);
    expect(warnings.join("\n")).not.toContain("one@example.test");
  });
});

describe("sending", () => {
  test("one message per subscriber per build, in their language, listing the posts of their languages", async () => {
    const smtp_ = await smtp();
    const db = await getDb();
    // One build: its posts share the publishing time.
    const published = new Date();
    await newPost(101, "en", "/notes/nl-first", "First English post", published);
    await newPost(101, "en", "/notes/nl-second", "Second English post", published);
    await newPost(101, "fa", "/notes/nl-farsi", "نوشتهٔ فارسی", published);
    await subscribers(2, "en", "en");
    await subscribers(1, "fa", "fa");
    await subscribers(1, "both", "fa");
    await runNewsletter(db, { origin: ORIGIN });
    expect(await db.select().from(newsletterSends).all()).toHaveLength(1);
    while ((await processOutbox(db)) > 0);
    expect(smtp_.received).toHaveLength(4);
    const to = (address: string) => smtp_.received.find((m) => m.to && JSON.stringify(m.to).includes(address))!;
    const en = to("en-en-0@example.test");
    expect(en.subject).toBe("2 new posts at Daftar");
    expect(en.text).toContain(`${ORIGIN}/en/notes/nl-first`);
    expect(en.text).not.toContain("nl-farsi");
    const fa = to("fa-fa-0@example.test");
    expect(fa.subject).toBe("نوشتهٔ فارسی — دفتر");
    expect(fa.text).toContain(`${ORIGIN}/notes/nl-farsi`);
    expect(fa.text).not.toContain("nl-first");
    const both = to("both-fa-0@example.test");
    expect(both.subject).toBe("۳ نوشتهٔ تازه در دفتر");
    for (const path of ["/en/notes/nl-first", "/en/notes/nl-second", "/notes/nl-farsi"]) {
      expect(both.text).toContain(ORIGIN + path);
    }
    // Each message's unsubscribe link is its subscriber's, in the footer and in List-Unsubscribe.
    for (const message of [en, fa, both]) {
      const list = message.headers.get("list") as { unsubscribe: { url: string } };
      const url = list.unsubscribe.url;
      expect(message.text).toContain(url);
      const target = await readUnsubscribeToken(db, new URL(url).searchParams.get("token")!);
      const subscriber = await db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, Number(target!.subject)))
        .get();
      expect(JSON.stringify(message.to)).toContain(subscriber!.email);
    }
    const [summary] = await recentSends(db);
    expect(summary).toMatchObject({ recipients: 4, delivered: 4, failed: 0, queued: true });
    // Another turn sends nothing again.
    await runNewsletter(db, { origin: ORIGIN });
    await processOutbox(db);
    expect(smtp_.received).toHaveLength(4);
  });

  test("two instances fanning out the same send at once queue each subscriber once", async () => {
    const db = await getDb();
    await newPost(102, "en", "/notes/nl-race", "Race post");
    await subscribers(1_234, "en", "en");
    await prepareSends(db);
    const [send] = await db.select().from(newsletterSends).all();
    const turn = async () => {
      while ((await fanOutBatch(db, send!.id, { origin: ORIGIN, siteName, batch: 200 })) !== null);
    };
    await Promise.all([turn(), turn(), runNewsletter(db, { origin: ORIGIN })]);
    const outbox = await db.select({ to: mailOutbox.recipient }).from(mailOutbox).all();
    expect(outbox).toHaveLength(1_234);
    expect(new Set(outbox.map((row) => row.to)).size).toBe(1_234);
    expect(await db.select().from(newsletterSends).get()).toMatchObject({ recipients: 1_234 });
  });

  test("a scheduled post is sent at its release, not at publishing; one no longer public is not sent", async () => {
    const db = await getDb();
    await subscribers(1, "en", "en");
    const later = new Date(Date.now() + 60_000);
    await newPost(103, "en", "/notes/nl-later", "Later post", later);
    await newPost(103, "en", "/notes/nl-gone", "Gone post", new Date(Date.now() - 20 * 60_000));
    await db.delete(pages).where(eq(pages.path, "/notes/nl-gone"));
    expect(await prepareSends(db)).toEqual([]);
    expect(await db.select().from(newsletterPosts).all()).toHaveLength(1);
    // Its time has come but the release has not run yet: it waits.
    expect(await prepareSends(db, later.getTime() + 1)).toEqual([]);
    await db.update(pages).set({ withheld: false }).where(eq(pages.path, "/notes/nl-later"));
    expect(await prepareSends(db, later.getTime() + 1)).toHaveLength(1);
    // Recorded again by a later build (edited after its release): it was sent, so it is not recorded again.
    await recordNewPosts(db, 104, [
      { locale: "en", path: "/notes/nl-later", title: "Later post", description: "", dueAt: new Date() },
    ]);
    expect(await prepareSends(db)).toEqual([]);
  });
});

describe("links made before a change", () => {
  test("an older link keeps the newer languages; one made before the address was removed subscribes nobody", async () => {
    const db = await getDb();
    const t0 = Date.now() - 10_000;
    const email = "replay@example.test";
    const read = async (languages: "fa" | "en", issued: number) =>
      (await readConfirmationToken(db, await confirmationToken(db, { email, languages, locale: "en" }, issued)))!;
    const older = await read("en", t0);
    const id = await confirmSubscription(db, await read("fa", t0 + 1_000), t0 + 2_000);
    expect(await confirmSubscription(db, older, t0 + 3_000)).toBe(id);
    expect(await subscriberById(db, id!)).toMatchObject({ languages: "fa" });
    const beforeRemoval = await read("en", t0 + 4_000);
    expect(await removeSubscriber(db, id!, t0 + 5_000)).toBe(true);
    expect(await confirmSubscription(db, beforeRemoval, t0 + 6_000)).toBeNull();
    expect(await db.select().from(newsletterSubscribers).all()).toEqual([]);
    // What is kept of the removed address is a hash, not the address.
    expect(JSON.stringify(await db.select().from(newsletterRemovals).all())).not.toContain("replay");
    // A link asked for after the removal works.
    expect(await confirmSubscription(db, await read("en", t0 + 7_000), t0 + 8_000)).toEqual(expect.any(Number));
  });
});

describe("the dashboard and unsubscribing", () => {
  test("a removed subscriber's waiting newsletters are not sent and their sent ones keep no address", async () => {
    await smtp();
    const db = await getDb();
    await subscribers(2, "en", "en");
    const [gone, stays] = await db.select().from(newsletterSubscribers).orderBy(newsletterSubscribers.id).all();
    await newPost(301, "en", "/notes/nl-removed-one", "One", new Date(Date.now() - 1_000));
    await runNewsletter(db, { origin: ORIGIN });
    while ((await processOutbox(db)) > 0);
    await newPost(302, "en", "/notes/nl-removed-two", "Two", new Date(Date.now() - 500));
    await runNewsletter(db, { origin: ORIGIN });
    const before = await db.select().from(mailOutbox).all();
    expect(before.filter((row) => row.state === "pending")).toHaveLength(2);
    expect(await removeSubscriber(db, gone!.id)).toBe(true);
    const after = await db.select().from(mailOutbox).all();
    expect(after.filter((row) => row.recipient === gone!.email)).toEqual([]);
    expect(after.filter((row) => row.recipient === "")).toMatchObject([{ state: "sent" }]);
    expect(
      after
        .filter((row) => row.recipient === stays!.email)
        .map((row) => row.state)
        .sort(),
    ).toEqual(["pending", "sent"]);
  });

  test("the count, the growth by day and the CSV; the unsubscribe list forgets the address", async () => {
    const db = await getDb();
    await subscribers(3, "en", "en");
    await db.insert(newsletterSubscribers).values({
      email: "=HYPERLINK(1)@example.test",
      languages: "fa",
      locale: "fa",
      confirmedAt: new Date(),
    });
    const overview = await subscriberOverview(db);
    expect(overview.total).toBe(4);
    expect(overview.growth).toEqual([{ day: new Date().toISOString().slice(0, 10), count: 4 }]);
    let csv = "";
    for await (const chunk of subscribersCsv(db)) csv += chunk;
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe("email,languages,locale,confirmed_at");
    expect(lines[4]).toMatch(/^"'=HYPERLINK\(1\)@example\.test","fa","fa",/);
    const list = unsubscribeLists.newsletter!;
    const id = String(overview.latest[0]!.id);
    expect(await list.describe(db, id, "en")).toBe("new posts of Daftar in Persian");
    await list.end(db, id);
    expect(await list.describe(db, id, "en")).toBeNull();
    await list.end(db, id);
    expect((await subscriberOverview(db)).total).toBe(3);
  });
});
