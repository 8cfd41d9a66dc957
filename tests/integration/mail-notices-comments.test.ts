/**
 * Comments told by e-mail, end to end through a real SMTP server on loopback: moderators hear of a comment waiting
 * (the first few of a day one by one, the rest in the next day's digest, with a clock the test moves), an author
 * hears their comment was approved by a moderator and that someone replied. Nobody hears without a confirmed
 * address, after turning a kind off or unsubscribing, nor of their own reply; two claimers send a digest once.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { changeNoticeSettings } from "~/auth/notice-preferences.server";
import { moderate, postComment, type Author } from "~/comments/comments.server";
import {
  noticeNewComment,
  pruneModerationNotices,
  REPLIES_PER_DAY,
  sendModerationDigests,
  WAITING_PER_DAY,
} from "~/comments/notices.server";
import { submitComment } from "~/comments/submit.server";
import { accountOf } from "~/auth/current-user.server";
import { resetConfigForTests } from "~/config.server";
import { closeDatabase, getDb } from "~/db/client.server";
import { comments, mailOutbox, noticesSent, pages, userRoles, users } from "~/db/schema";
import { processOutbox } from "~/mail/outbox.server";
import { readUnsubscribeToken } from "~/mail/unsubscribe.server";
import { saveSmtpSettings } from "~/mail/smtp-settings.server";
import { unsubscribeLists } from "~/routes/site/unsubscribe-lists.server";
import { seedDatabase, seedUsers } from "../helpers/seed";
import { smtpSettingsFor } from "../helpers/mail-site";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

const origin = "https://daftar.test";
const rules = { moderationWords: [], maxLinks: 2 };
let server: TestSmtpServer;
const ids: Record<string, number> = {};
const address = (name: string) => `${name}@example.test`;

beforeAll(async () => {
  process.env.SMTP_HOST_ALLOW_PRIVATE = "127.0.0.0/8,::1";
  resetConfigForTests();
  const db = await getDb();
  // A second moderator without an address, and a second member.
  await seedDatabase(db, {
    users: [
      ...seedUsers,
      { userName: "quietmod", password: "password123", roles: ["Moderator"] },
      { userName: "reader", password: "password123", roles: ["Member"] },
    ],
  });
  for (const row of await db.select({ id: users.id, userName: users.userName }).from(users)) {
    ids[row.userName] = row.id;
    if (row.userName !== "quietmod") {
      await db
        .update(users)
        .set({ email: address(row.userName), emailConfirmedAt: new Date() })
        .where(eq(users.id, row.id));
    }
  }
  for (const locale of ["en", "fa"] as const) {
    await db.insert(pages).values({
      locale,
      path: "/notes/told",
      title: locale === "en" ? "Being told" : "آگاه شدن",
      date: "2026-03-01",
      category: "notes",
      body: "Text.",
      comments: true,
    });
  }
  server = await startSmtpServer();
  await saveSmtpSettings(db, smtpSettingsFor(server.port));
});
afterEach(async () => {
  const db = await getDb();
  await db.delete(mailOutbox);
  await db.delete(noticesSent);
  await db.delete(comments);
  server.received.length = 0;
});
afterAll(async () => {
  await server?.stop();
  delete process.env.SMTP_HOST_ALLOW_PRIVATE;
  resetConfigForTests();
  await closeDatabase();
});

/** Sends what is queued and returns who got what: "to kind" lines, sorted. */
async function delivered(): Promise<string[]> {
  await processOutbox(await getDb());
  return server.received
    .map((mail) => `${mail.to && !Array.isArray(mail.to) ? mail.to.text : ""} ${mail.subject}`)
    .sort();
}

async function author(name: string): Promise<Author> {
  return { userId: ids[name]!, pub: null, name, moderator: name === "moderator" || name === "admin" };
}

async function comment(name: string, body: string, options: { parentId?: number; routePath?: string } = {}) {
  const row = await postComment(
    await getDb(),
    await author(name),
    { routePath: options.routePath ?? "/en/notes/told", body, parentId: options.parentId ?? null },
    rules,
    origin,
  );
  return row;
}

test("a comment waiting for moderation tells each moderator with an address, in the site's language, with its unsubscribe link", async () => {
  const db = await getDb();
  const user = {
    ...(await accountOf(db, ids.member!))!,
    sessionId: "test",
    sessionExpiresAt: new Date(Date.now() + 60_000),
  };
  const result = await submitComment(
    db,
    { routePath: "/en/notes/told", commentBody: "A first comment, held for a moderator." },
    { user, ip: "203.0.113.9", userAgent: null, displayName: null, origin },
  );
  expect(result.discarded || result.comment.status).toBe("pending");
  const got = await delivered();
  // admin and moderator hold comments.edit; quietmod has no address; the member and the editor moderate nothing.
  expect(got).toEqual([
    `${address("admin")} دیدگاه Mo Member در دفتر در انتظار بررسی است`,
    `${address("moderator")} دیدگاه Mo Member در دفتر در انتظار بررسی است`,
  ]);
  const mail = server.received.find((m) => !Array.isArray(m.to) && m.to?.text === address("moderator"))!;
  const link = (mail.headers.get("list") as { unsubscribe: { url: string } }).unsubscribe.url;
  expect(link.startsWith(`${origin}/unsubscribe?token=`)).toBe(true);
  const token = decodeURIComponent(new URL(link).searchParams.get("token")!);
  expect(await readUnsubscribeToken(db, token)).toEqual({ list: "notify.moderation", subject: String(ids.moderator) });
  expect(mail.text).toContain("A first comment, held for a moderator.");
  expect(mail.text).toContain(`${origin}/manage/comments`);
  expect(mail.text).toContain(link);
  expect(mail.html).toContain('dir="rtl"');
});

test("a moderator who turned the kind off, or unsubscribed, is not told", async () => {
  const db = await getDb();
  await changeNoticeSettings(db, ids.admin!, { "notify.moderation": false });
  await unsubscribeLists["notify.moderation"]!.end(db, String(ids.moderator));
  try {
    const row = await comment("member", "Held, and nobody wants to hear.");
    await noticeNewComment(db, row, origin);
    expect(await delivered()).toEqual([]);
    expect(await unsubscribeLists["notify.moderation"]!.describe(db, String(ids.moderator), "en")).toBeNull();
  } finally {
    await changeNoticeSettings(db, ids.admin!, { "notify.moderation": true });
    await changeNoticeSettings(db, ids.moderator!, { "notify.moderation": true });
  }
  expect(await unsubscribeLists["notify.moderation"]!.describe(db, String(ids.moderator), "en")).toBe(
    "notices of comments waiting for moderation at Daftar",
  );
});

test("past the day's few, waiting comments are held for one digest the next day, sent once by two claimers", async () => {
  const db = await getDb();
  const day = Date.parse("2026-11-27T08:00:00Z");
  const total = WAITING_PER_DAY + 2;
  for (let i = 0; i < total; i++) {
    const row = await comment("member", `Waiting comment number ${i + 1}.`);
    await noticeNewComment(db, row, origin, day + i * 60_000);
  }
  const singles = await delivered();
  expect(singles.filter((line) => line.startsWith(address("moderator")))).toHaveLength(WAITING_PER_DAY);
  expect(singles.filter((line) => line.startsWith(address("admin")))).toHaveLength(WAITING_PER_DAY);
  server.received.length = 0;

  // The same day: no digest yet.
  expect(await sendModerationDigests(db, origin, day + 3 * 60 * 60_000)).toBe(0);
  // One comment is dealt with meanwhile: the digest lists what is still waiting.
  const [first] = await db.select().from(comments).orderBy(comments.id).limit(1);
  await moderate(db, [first!.id], "spam", origin);

  // The next day.
  const next = day + 24 * 60 * 60_000;
  // Two claimers at once (their reads interleave; the unique key decides).
  const counts = await Promise.all([sendModerationDigests(db, origin, next), sendModerationDigests(db, origin, next)]);
  expect(counts[0] + counts[1]).toBe(2);
  expect(await sendModerationDigests(db, origin, next + 60 * 60_000)).toBe(0);
  const digests = await delivered();
  expect(digests).toEqual([
    `${address("admin")} ۴ دیدگاه در دفتر در انتظار بررسی است`,
    `${address("moderator")} ۴ دیدگاه در دفتر در انتظار بررسی است`,
  ]);
  const text = server.received[0]!.text!;
  expect(text).toContain("Waiting comment number 5.");
  expect(text).not.toContain("Waiting comment number 1.");

  // A week on, the day's counts and digests are forgotten; nothing else is.
  await db.insert(noticesSent).values({ kind: "approved", userId: ids.member!, item: "1", createdAt: new Date(day) });
  await pruneModerationNotices(db, next + 6 * 24 * 60 * 60_000);
  expect((await db.select().from(noticesSent)).length).toBe(2 * WAITING_PER_DAY + 2 + 1);
  await pruneModerationNotices(db, next + 8 * 24 * 60 * 60_000);
  expect((await db.select({ kind: noticesSent.kind }).from(noticesSent)).map((row) => row.kind)).toEqual(["approved"]);
});

test("an author hears that a moderator approved their comment, once, in the page's language; not for one published at once", async () => {
  const db = await getDb();
  const held = await comment("member", "Please approve this one.");
  await moderate(db, [held.id], "approved", origin);
  // Moved away and back: still told once.
  await moderate(db, [held.id], "pending", origin);
  await moderate(db, [held.id], "approved", origin);
  // The member has an approved comment now: the next one is published at once, with nothing to tell.
  const atOnce = await comment("member", "Published at once.");
  expect(atOnce.status).toBe("approved");
  await noticeNewComment(db, atOnce, origin);
  const got = await delivered();
  expect(got.filter((line) => !line.includes("انتظار"))).toEqual([
    `${address("member")} Your comment at Daftar was approved`,
  ]);
  const mail = server.received.find((m) => m.subject === "Your comment at Daftar was approved")!;
  expect(mail.text).toContain(`${origin}/en/notes/told#comment-${held.id}`);
  expect(mail.html).toContain('dir="ltr"');
  expect((mail.headers.get("list") as { unsubscribe: { url: string } }).unsubscribe.url).toMatch(
    /\/en\/unsubscribe\?token=notify\.comments~\d+~/,
  );
});

test("a reply tells the author of the comment it answers; never their own reply, nor after they unsubscribe", async () => {
  const db = await getDb();
  const [top] = await db
    .insert(comments)
    .values({ routePath: "/notes/told", userId: ids.member!, authorName: "member", body: "Top.", status: "approved" })
    .returning();
  // A moderator's reply is published at once; a member's own reply to themselves tells nobody.
  await noticeNewComment(
    db,
    await comment("moderator", "A moderator answers.", { parentId: top!.id, routePath: "/notes/told" }),
    origin,
  );
  await noticeNewComment(
    db,
    await comment("member", "I answer myself.", { parentId: top!.id, routePath: "/notes/told" }),
    origin,
  );
  // A held reply tells the author when a moderator approves it.
  const held = await comment("reader", "A reader answers, held first.", {
    parentId: top!.id,
    routePath: "/notes/told",
  });
  expect(held.status).toBe("pending");
  await moderate(db, [held.id], "approved", origin);
  const got = (await delivered()).filter((line) => line.startsWith(address("member")));
  expect(got).toEqual([
    `${address("member")} moderator به دیدگاه شما در دفتر پاسخ داد`,
    `${address("member")} reader به دیدگاه شما در دفتر پاسخ داد`,
  ]);
  server.received.length = 0;

  await unsubscribeLists["notify.comments"]!.end(db, String(ids.member));
  try {
    await noticeNewComment(
      db,
      await comment("admin", "After unsubscribing.", { parentId: top!.id, routePath: "/notes/told" }),
      origin,
    );
    expect(await delivered()).toEqual([]);
  } finally {
    await changeNoticeSettings(db, ids.member!, { "notify.comments": true });
  }
  const replies = await db
    .select()
    .from(noticesSent)
    .where(and(eq(noticesSent.kind, "reply"), eq(noticesSent.userId, ids.member!)));
  expect(replies).toHaveLength(2);
});

test("a moderator who lost the permission since comments were held gets no digest; one who kept it does", async () => {
  const db = await getDb();
  const day = Date.parse("2026-11-20T08:00:00Z");
  for (let i = 0; i < WAITING_PER_DAY + 1; i++) {
    await noticeNewComment(db, await comment("member", `Held while a moderator ${i}.`), origin, day + i * 60_000);
  }
  await delivered();
  server.received.length = 0;
  const roles = await db.select().from(userRoles).where(eq(userRoles.userId, ids.moderator!));
  await db.delete(userRoles).where(eq(userRoles.userId, ids.moderator!));
  try {
    expect(await sendModerationDigests(db, origin, day + 24 * 60 * 60_000)).toBe(1);
    expect((await delivered()).map((line) => line.split(" ")[0])).toEqual([address("admin")]);
  } finally {
    await db.insert(userRoles).values(roles);
  }
});

test("a member gets a few reply notices a day at most; the next day they are told again", async () => {
  const db = await getDb();
  const [top] = await db
    .insert(comments)
    .values({ routePath: "/notes/told", userId: ids.member!, authorName: "member", body: "Top.", status: "approved" })
    .returning();
  const day = Date.parse("2026-11-21T08:00:00Z");
  const reply = (i: number) =>
    comment("moderator", `Answer number ${i}.`, { parentId: top!.id, routePath: "/notes/told" });
  for (let i = 0; i < REPLIES_PER_DAY + 2; i++) await noticeNewComment(db, await reply(i), origin, day + i * 60_000);
  expect((await delivered()).filter((line) => line.startsWith(address("member")))).toHaveLength(REPLIES_PER_DAY);
  server.received.length = 0;
  await noticeNewComment(db, await reply(99), origin, day + 24 * 60 * 60_000);
  expect((await delivered()).filter((line) => line.startsWith(address("member")))).toHaveLength(1);
});
