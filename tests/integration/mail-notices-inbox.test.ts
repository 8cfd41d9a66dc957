/**
 * "You have a new message" by e-mail, through a real SMTP server on loopback: a member with a confirmed address
 * hears once that a message is waiting (nothing of its sender or text), not again until they open their inbox,
 * never after turning it off or without an address, and once however many instances decide at the same time.
 */
import { eq } from "drizzle-orm";
import { finalizeEvent, generateSecretKey, getPublicKey } from "nostr-tools/pure";
import { afterAll, beforeAll, expect, test } from "vitest";
import { changeNoticeSettings } from "~/auth/notice-preferences.server";
import { resetConfigForTests } from "~/config.server";
import { closeDatabase, getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { processOutbox } from "~/mail/outbox.server";
import { saveSmtpSettings } from "~/mail/smtp-settings.server";
import { noticeNewMessages } from "~/nostr/inbox-notice.server";
import { markMessagesRead } from "~/nostr/inbox-unread.server";
import { saveEvent } from "~/nostr/relay/store.server";
import { seedDatabase } from "../helpers/seed";
import { smtpSettingsFor } from "../helpers/mail-site";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

const origin = "https://daftar.test";
let server: TestSmtpServer;
const keys: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  process.env.SMTP_HOST_ALLOW_PRIVATE = "127.0.0.0/8,::1";
  resetConfigForTests();
  const db = await getDb();
  await seedDatabase(db);
  for (const row of await db.select({ id: users.id, userName: users.userName }).from(users)) {
    ids[row.userName] = row.id;
    keys[row.userName] = getPublicKey(generateSecretKey());
    // The editor has an address nobody confirmed.
    await db
      .update(users)
      .set({
        pub: keys[row.userName],
        email: `${row.userName}@example.test`,
        emailConfirmedAt: row.userName === "editor" ? null : new Date(),
      })
      .where(eq(users.id, row.id));
  }
  server = await startSmtpServer();
  await saveSmtpSettings(db, smtpSettingsFor(server.port));
});
afterAll(async () => {
  await server?.stop();
  delete process.env.SMTP_HOST_ALLOW_PRIVATE;
  resetConfigForTests();
  await closeDatabase();
});

/** A gift wrap to `name`'s key, as the relay stores one (the content is opaque to the site). */
async function wrapTo(name: string) {
  const event = finalizeEvent(
    { kind: 1059, created_at: Math.floor(Date.now() / 1000), tags: [["p", keys[name]!]], content: "sealed secret" },
    generateSecretKey(),
  );
  await writeTransaction(await getDb(), (tx) => saveEvent(tx, event));
}

async function delivered(): Promise<string[]> {
  await processOutbox(await getDb());
  const got = server.received.map((mail) => (!Array.isArray(mail.to) && mail.to ? mail.to.text : "")).sort();
  server.received.length = 0;
  return got;
}

test("a member hears once that a message waits, with nothing of it, until they open their inbox again", async () => {
  const db = await getDb();
  await wrapTo("member");
  await wrapTo("editor");
  // Two claimers decide at once (their reads interleave; the unique key decides): one message.
  const told = await Promise.all([noticeNewMessages(db, origin), noticeNewMessages(db, origin)]);
  expect(told[0] + told[1]).toBe(1);
  // The editor's address is not confirmed.
  expect(await delivered()).toEqual(["member@example.test"]);
});

test("the message says only that there is one, and links to the inbox and to its unsubscribe page", async () => {
  const db = await getDb();
  await wrapTo("admin");
  expect(await noticeNewMessages(db, origin)).toBe(1);
  await processOutbox(db);
  const mail = server.received.at(-1)!;
  server.received.length = 0;
  expect(mail.subject).toBe("پیام تازه‌ای در دفتر دارید");
  expect(mail.text).toContain(`${origin}/inbox`);
  expect(mail.text).not.toContain("sealed secret");
  expect((mail.headers.get("list") as { unsubscribe: { url: string } }).unsubscribe.url).toMatch(
    /\/unsubscribe\?token=notify\.inbox~\d+~/,
  );
  // Still unread, more arrives: not told again.
  await wrapTo("admin");
  expect(await noticeNewMessages(db, origin)).toBe(0);
  // The inbox opened, then a new message: told again.
  await markMessagesRead(db, ids.admin!);
  expect(await noticeNewMessages(db, origin)).toBe(0);
  await wrapTo("admin");
  expect(await noticeNewMessages(db, origin)).toBe(1);
  expect(await delivered()).toEqual(["admin@example.test"]);
});

test("nobody hears after turning it off, nor without a confirmed address", async () => {
  const db = await getDb();
  await changeNoticeSettings(db, ids.moderator!, { "notify.inbox": false });
  await wrapTo("moderator");
  await wrapTo("editor");
  expect(await noticeNewMessages(db, origin)).toBe(0);
  expect(await delivered()).toEqual([]);
});
