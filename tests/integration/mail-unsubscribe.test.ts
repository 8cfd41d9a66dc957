/**
 * Unsubscribe links: signed by the site (a changed list, subject or signature is refused), the same for every
 * instance (the key is kept in the database), and sent as RFC 8058's List-Unsubscribe and List-Unsubscribe-Post
 * headers through a real SMTP server on loopback; the link is dropped from the outbox once the message is sent.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { closeDatabase, getDb } from "~/db/client.server";
import { mailOutbox, siteSecrets } from "~/db/schema";
import { composeMessage } from "~/mail/compose.server";
import { processOutbox, queueMail } from "~/mail/outbox.server";
import { saveSmtpSettings } from "~/mail/smtp-settings.server";
import { readUnsubscribeToken, unsubscribeLink, unsubscribeToken } from "~/mail/unsubscribe.server";
import { seedDatabase } from "../helpers/seed";
import { smtpSettingsFor } from "../helpers/mail-site";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

let server: TestSmtpServer | undefined;

beforeAll(async () => {
  process.env.SMTP_HOST_ALLOW_PRIVATE = "127.0.0.0/8,::1";
  resetConfigForTests();
  await seedDatabase(await getDb());
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
afterAll(async () => {
  delete process.env.SMTP_HOST_ALLOW_PRIVATE;
  resetConfigForTests();
  await closeDatabase();
});

test("a token names its list and subject, and any change to it is refused", async () => {
  const db = await getDb();
  const token = await unsubscribeToken(db, { list: "newsletter", subject: "42" });
  expect(await readUnsubscribeToken(db, token)).toEqual({ list: "newsletter", subject: "42" });
  const [list, subject, signature = ""] = token.split("~");
  expect(await readUnsubscribeToken(db, `${list}~43~${signature}`)).toBeNull();
  expect(await readUnsubscribeToken(db, `notify.replies~${subject}~${signature}`)).toBeNull();
  const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
  expect(await readUnsubscribeToken(db, `${list}~${subject}~${flipped}`)).toBeNull();
  expect(await readUnsubscribeToken(db, `${list}~${subject}`)).toBeNull();
  expect(await readUnsubscribeToken(db, `${token}~more`)).toBeNull();
  expect(await readUnsubscribeToken(db, "")).toBeNull();
  await expect(unsubscribeToken(db, { list: "news letter", subject: "1" })).rejects.toThrow();
});

test("the signing key is the site's, kept in the database: made once, then the same for every instance", async () => {
  const db = await getDb();
  const keys = await db.select().from(siteSecrets).where(eq(siteSecrets.name, "links.signing-key")).all();
  expect(keys).toHaveLength(1);
  expect(keys[0]!.value).toMatch(/^[0-9a-f]{64}$/);
  // Another instance's token: made with the stored key, read here.
  const { createHmac } = await import("node:crypto");
  const payload = "newsletter~7";
  const signature = createHmac("sha256", Buffer.from(keys[0]!.value, "hex"))
    .update(`unsubscribe\n${payload}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
  expect(await readUnsubscribeToken(db, `${payload}~${signature}`)).toEqual({ list: "newsletter", subject: "7" });
});

test("a message with a link carries List-Unsubscribe and the one-click header; one without carries neither", async () => {
  server = await startSmtpServer();
  const db = await getDb();
  await saveSmtpSettings(db, smtpSettingsFor(server.port));
  const link = await unsubscribeLink(db, {
    origin: "https://daftar.test",
    locale: "en",
    list: "newsletter",
    subject: "9",
  });
  expect(link).toMatch(/^https:\/\/daftar\.test\/en\/unsubscribe\?token=newsletter~9~[A-Za-z0-9_-]{22}$/);
  const message = await composeMessage("en", "Daftar", { kind: "test" });
  const listed = await queueMail(db, { kind: "test", to: "a@example.test", locale: "en", message, unsubscribe: link });
  const plain = await queueMail(db, { kind: "test", to: "b@example.test", locale: "en", message });
  expect(await processOutbox(db)).toBe(2);
  const withLink = server.received.find((m) => m.messageId === listed.messageId)!;
  const withoutLink = server.received.find((m) => m.messageId === plain.messageId)!;
  // mailparser gathers the List-* headers under "list".
  expect(withLink.headers.get("list")).toEqual({
    unsubscribe: { url: link },
    "unsubscribe-post": { name: "List-Unsubscribe=One-Click" },
  });
  expect(withoutLink.headers.has("list")).toBe(false);
  const row = await db.select().from(mailOutbox).where(eq(mailOutbox.id, listed.id)).get();
  expect(row).toMatchObject({ state: "sent", unsubscribeUrl: null });
});
