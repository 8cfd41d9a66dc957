/**
 * Anonymous commenters told by e-mail, through a real SMTP server on loopback: an address left beside a comment
 * gets one confirmation message and nothing else until confirmed; then the approval and a reply are told, a later
 * comment with the same address needs no confirmation, one click of the unsubscribe link forgets the address, a
 * deleted comment is told nothing more, confirmations are rate-limited, and the address appears in no event,
 * public API or comment row.
 */
import { eq } from "drizzle-orm";
import { finalizeEvent, generateSecretKey } from "nostr-tools/pure";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import {
  addressOfConfirmation,
  confirmCommenterAddress,
  pruneUnconfirmedAddresses,
  CONFIRM_LIFETIME_MS,
} from "~/comments/commenter-addresses.server";
import { deleteComment } from "~/comments/author-changes.server";
import { moderate } from "~/comments/comments.server";
import { noticeModerated } from "~/comments/notices.server";
import { submitComment } from "~/comments/submit.server";
import { resetConfigForTests } from "~/config.server";
import { closeDatabase, getDb } from "~/db/client.server";
import { commenterAddresses, commenterNoticesSent, comments, mailOutbox, pages, rateLimits } from "~/db/schema";
import { commentDeletionTemplate, commentEventTemplate } from "~/keys/comment-event";
import { processOutbox } from "~/mail/outbox.server";
import { readUnsubscribeToken } from "~/mail/unsubscribe.server";
import { saveSmtpSettings } from "~/mail/smtp-settings.server";
import { unsubscribeLists } from "~/routes/site/unsubscribe-lists.server";
import { loader as pageCommentsLoader } from "~/routes/api/comments/list";
import { seedDatabase } from "../helpers/seed";
import { smtpSettingsFor } from "../helpers/mail-site";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

const origin = "https://daftar.test";
const page = "/en/notes/told";
const secret = generateSecretKey();
const other = generateSecretKey();
let server: TestSmtpServer;

beforeAll(async () => {
  process.env.SMTP_HOST_ALLOW_PRIVATE = "127.0.0.0/8,::1";
  resetConfigForTests();
  const db = await getDb();
  await seedDatabase(db);
  await db.insert(pages).values({
    locale: "en",
    path: "/notes/told",
    title: "Being told",
    date: "2026-03-01",
    category: "notes",
    body: "Text.",
    comments: true,
  });
  server = await startSmtpServer();
  await saveSmtpSettings(db, smtpSettingsFor(server.port));
});
afterEach(async () => {
  const db = await getDb();
  await db.delete(mailOutbox);
  await db.delete(commenterNoticesSent);
  await db.delete(commenterAddresses);
  await db.delete(comments);
  await db.delete(rateLimits);
  server.received.length = 0;
});
afterAll(async () => {
  await server?.stop();
  delete process.env.SMTP_HOST_ALLOW_PRIVATE;
  resetConfigForTests();
  await closeDatabase();
});

/** Sends what is queued and returns "to subject" lines, sorted. */
async function delivered(): Promise<string[]> {
  await processOutbox(await getDb());
  const got = server.received
    .map((mail) => `${mail.to && !Array.isArray(mail.to) ? mail.to.text : ""} ${mail.subject}`)
    .sort();
  server.received.length = 0;
  return got;
}

/** An anonymous comment as the browser sends it: signed by its key, the address beside the event. */
async function anonymous(
  body: string,
  options: { notifyEmail?: string; parentId?: number; key?: Uint8Array; ip?: string } = {},
) {
  const event = finalizeEvent(commentEventTemplate(origin + page, body), options.key ?? secret);
  const result = await submitComment(
    await getDb(),
    { routePath: page, commentBody: body, parentId: options.parentId ?? null, event, notifyEmail: options.notifyEmail },
    { user: null, ip: options.ip ?? "203.0.113.7", userAgent: null, displayName: "Visitor", origin },
  );
  if (result.discarded) throw new Error("discarded");
  return result.comment;
}

async function approve(id: number) {
  await moderate(await getDb(), [id], "approved", origin);
}

/** The confirmation link of the last confirmation message received. */
function confirmationToken(mail: TestSmtpServer["received"][number]): string {
  const link = /https:\/\/daftar\.test\/en\/confirm-email\/comments\?token=([^\s"<]+)/.exec(mail.text ?? "")![1]!;
  return decodeURIComponent(link);
}

test("an address gets one confirmation and nothing else until confirmed; then approvals and replies are told", async () => {
  const db = await getDb();
  const first = await anonymous("My first comment here.", { notifyEmail: "Reader@Example.test" });
  await processOutbox(db);
  expect(server.received.map((m) => m.subject)).toEqual(["Confirm your address for comment notices at Daftar"]);
  const token = confirmationToken(server.received[0]!);
  server.received.length = 0;

  // Not confirmed yet: the approval is not told.
  await approve(first.id);
  expect(await delivered()).toEqual([]);

  const address = (await addressOfConfirmation(db, token))!;
  expect(address.email).toBe("Reader@Example.test");
  expect(
    await addressOfConfirmation(
      db,
      token.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    ),
  ).toBeNull();
  await confirmCommenterAddress(db, address.id);

  // Confirmed: a second comment with the same address (any case) asks nothing, and its approval is told.
  const second = await anonymous("A second comment here.", { notifyEmail: "reader@example.test" });
  expect(await delivered()).toEqual([]);
  await approve(second.id);
  const approved = await delivered();
  expect(approved).toHaveLength(1);
  expect(approved[0]).toMatch(/^reader@example\.test Your comment .*approved$/i);

  // Someone else replies to it: told once, even when moderation passes twice.
  const reply = await anonymous("An answer to you.", { parentId: second.id, key: other });
  await approve(reply.id);
  await moderate(db, [reply.id], "pending", origin);
  await approve(reply.id);
  const got = await delivered();
  expect(got).toHaveLength(1);
  expect(got[0]).toMatch(/^reader@example\.test .*replied/i);

  // Its own reply (same key) is not told.
  const own = await anonymous("Answering myself.", { parentId: second.id });
  await approve(own.id);
  expect((await delivered()).filter((line) => line.includes("replied"))).toEqual([]);
});

test("the address is in no comment row, relay event or public API", async () => {
  const db = await getDb();
  const row = await anonymous("A comment that leaves an address.", { notifyEmail: "hidden@example.test" });
  await approve(row.id);
  const stored = await db.select().from(comments).where(eq(comments.id, row.id)).all();
  expect(JSON.stringify(stored)).not.toContain("hidden@");
  const response = (await pageCommentsLoader({
    request: new Request(`${origin}/api/comments?routePath=${encodeURIComponent(page)}`),
    params: {},
    // The request's client address, as the server's middleware gives it.
    context: { get: () => ({ ip: "203.0.113.1", nonce: "" }) },
  } as never)) as Response;
  const text = await response.text();
  expect(text).toContain("A comment that leaves an address.");
  expect(text).not.toContain("hidden@");
});

test("one click of the unsubscribe link forgets the address; a deleted comment is told nothing", async () => {
  const db = await getDb();
  const first = await anonymous("Comment to be told of.", { notifyEmail: "leaving@example.test" });
  await processOutbox(db);
  const address = (await addressOfConfirmation(db, confirmationToken(server.received[0]!)))!;
  server.received.length = 0;
  await confirmCommenterAddress(db, address.id);

  // Its author deletes the second comment (signed by their key): not told even if a moderator brings it back.
  const gone = await anonymous("Comment taken back.", { notifyEmail: "leaving@example.test" });
  await deleteComment(
    db,
    gone.id,
    { event: finalizeEvent(commentDeletionTemplate(gone.eventId!), secret) },
    { user: null, origin },
  );
  await approve(gone.id);
  expect(await delivered()).toEqual([]);
  // A moderator trashes a third while a reply to it waits: approving the reply tells nobody.
  const trashed = await anonymous("Comment for the trash.", { notifyEmail: "leaving@example.test" });
  await approve(trashed.id);
  await delivered();
  const late = await anonymous("A reply to a trashed one.", { parentId: trashed.id, key: other });
  await moderate(db, [trashed.id], "trash", origin);
  await approve(late.id);
  expect(await delivered()).toEqual([]);

  await approve(first.id);
  await processOutbox(db);
  const mail = server.received[0]!;
  server.received.length = 0;
  const link = (mail.headers.get("list") as { unsubscribe: { url: string } }).unsubscribe.url;
  expect(mail.text).toContain(link);
  const target = (await readUnsubscribeToken(db, decodeURIComponent(new URL(link).searchParams.get("token")!)))!;
  expect(target.list).toBe("notify.commenter");
  const list = unsubscribeLists[target.list]!;
  expect(await list.describe(db, target.subject, "en")).toContain("leaving@example.test");
  await list.end(db, target.subject);
  expect(await list.describe(db, target.subject, "en")).toBeNull();
  expect(await db.select().from(commenterAddresses).all()).toEqual([]);

  const reply = await anonymous("A late answer.", { parentId: first.id, key: other });
  await approve(reply.id);
  expect(await delivered()).toEqual([]);
});

test("confirmations are limited per address and per client; a refusal stores nothing", async () => {
  const db = await getDb();
  for (let i = 0; i < 3; i++)
    await anonymous(`Comment number ${i} here.`, { notifyEmail: "target@example.test", ip: `198.51.100.${i}` });
  await expect(
    anonymous("One comment too many.", { notifyEmail: "target@example.test", ip: "198.51.100.99" }),
  ).rejects.toMatchObject({ status: 429 });
  expect(await db.select().from(comments).where(eq(comments.body, "One comment too many.")).all()).toEqual([]);
  expect(await delivered()).toHaveLength(3);

  await db.delete(rateLimits);
  const key = generateSecretKey();
  for (let i = 0; i < 10; i++) {
    await anonymous(`Spray number ${i} here.`, {
      notifyEmail: `victim${i}@example.test`,
      ip: "192.0.2.5",
      key: i % 2 ? key : other,
    });
  }
  await expect(
    anonymous("Spray too far.", { notifyEmail: "victim99@example.test", ip: "192.0.2.5" }),
  ).rejects.toMatchObject({ status: 429 });
});

test("an address never confirmed is forgotten after its link stops working", async () => {
  const db = await getDb();
  await anonymous("Comment with an address.", { notifyEmail: "never@example.test" });
  await pruneUnconfirmedAddresses(db);
  expect(await db.select().from(commenterAddresses).all()).toHaveLength(1);
  await pruneUnconfirmedAddresses(db, Date.now() + CONFIRM_LIFETIME_MS + 60_000);
  expect(await db.select().from(commenterAddresses).all()).toEqual([]);
});

test("two instances deciding the same approval at once send one notice", async () => {
  const db = await getDb();
  const row = await anonymous("Approved on two instances.", { notifyEmail: "twice@example.test" });
  await processOutbox(db);
  const address = (await addressOfConfirmation(db, confirmationToken(server.received[0]!)))!;
  server.received.length = 0;
  await confirmCommenterAddress(db, address.id);
  await db.update(comments).set({ status: "approved" }).where(eq(comments.id, row.id));
  const before = new Map([[row.id, "pending" as const]]);
  await Promise.all([noticeModerated(db, [row.id], before, origin), noticeModerated(db, [row.id], before, origin)]);
  expect(await delivered()).toHaveLength(1);
});
