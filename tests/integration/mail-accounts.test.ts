/**
 * Addresses and forgotten passwords against the production build, with the outbox sending to a real SMTP server
 * on loopback: an address confirmed through its link (once, within the hour), an address another member holds
 * neither revealed nor sent to, a reset link sent only to a confirmed address with the same answer either way,
 * the reset ending every other session and starting one, the limits on asking, and a provider's verified
 * address recorded as confirmed.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { recordVerifiedAddress } from "~/auth/email-address.server";
import { deleteEndedLinks, LINK_LIFETIME_MS, newLinkToken, spendLinkToken } from "~/auth/email-links.server";
import { findUserByName } from "~/auth/users.server";
import { resetConfigForTests } from "~/config.server";
import { getDb } from "~/db/client.server";
import { emailTokens, mailOutbox, rateLimits, sessions, users } from "~/db/schema";
import { saveSmtpSettings } from "~/mail/smtp-settings.server";
import { smtpSettingsFor } from "../helpers/mail-site";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { seedDatabase } from "../helpers/seed";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

let server: TestServer;
let smtp: TestSmtpServer;

beforeAll(async () => {
  process.env.SMTP_HOST_ALLOW_PRIVATE = "127.0.0.0/8";
  resetConfigForTests();
  smtp = await startSmtpServer();
  const db = await getDb();
  await seedDatabase(db);
  await saveSmtpSettings(db, smtpSettingsFor(smtp.port, { host: "127.0.0.1" }));
  server = await startAppServer();
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
  delete process.env.SMTP_HOST_ALLOW_PRIVATE;
  resetConfigForTests();
});

const browser = (locale: "fa" | "en" = "en") => new ApiClient(server.url, locale);

/** The link in a message's plain-text part (every message has one). */
function linkIn(text: string | undefined, path: string): URL {
  const found = text?.match(new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`));
  if (!found) throw new Error(`no ${path} link in: ${text}`);
  return new URL(found[0]);
}

async function confirmedAddress(userName: string, email: string, locale: "fa" | "en" = "en") {
  const before = await findUserByName(await getDb(), userName);
  const member = browser(locale);
  await member.login(userName);
  const index = smtp.received.length;
  const asked = await member.post("/api/users/email", { email });
  expect(asked.status).toBe(200);
  const message = await smtp.nextMessage(index);
  const link = linkIn(message.text, "/confirm-email");
  expect((await member.post("/api/auth/confirm-email", { token: link.searchParams.get("token") })).status).toBe(200);
  // A confirmed address it replaces is told: that message is awaited, so that later counts start after it.
  if (before?.emailConfirmedAt && before.email && before.email.toLowerCase() !== email.toLowerCase()) {
    await smtp.nextMessage(index + 1);
  }
  return { member, message, link };
}

describe("a member's address", () => {
  test("is theirs once the link sent there is used; the link works once", async () => {
    const member = browser();
    await member.login("member");
    const index = smtp.received.length;
    const asked = await member.post("/api/users/email", { email: "Mo@Example.test" });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toContain("Mo@Example.test");
    // Not the member's until confirmed.
    expect((await findUserByName(await getDb(), "member"))?.email).toBeNull();
    const message = await smtp.nextMessage(index);
    const to = message.to && "value" in message.to ? message.to.value[0]?.address : "";
    expect(to?.toLowerCase()).toBe("mo@example.test");
    expect(message.subject).toBe("Confirm your e-mail address at Daftar");
    expect(message.html).toMatch(/dir="ltr"/);
    const link = linkIn(message.text, "/en/confirm-email");
    expect(link.origin).toBe(server.url);
    // Opening the link shows the page and changes nothing.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="confirm-email"');
    expect((await findUserByName(await getDb(), "member"))?.emailConfirmedAt).toBeNull();
    // The token is not kept: only its hash.
    const stored = await (await getDb()).select().from(emailTokens).all();
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(link.searchParams.get("token"));

    const token = link.searchParams.get("token");
    const confirmed = await browser().post("/api/auth/confirm-email", { token });
    expect(confirmed.status).toBe(200);
    const row = await findUserByName(await getDb(), "member");
    expect(row).toMatchObject({ email: "Mo@Example.test" });
    expect(row?.emailConfirmedAt).toBeInstanceOf(Date);
    const again = await browser().post("/api/auth/confirm-email", { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/does not work any more/);
    const reopened = await fetch(link);
    expect(await reopened.text()).toContain('data-testid="confirm-link-invalid"');
  });

  test("held by another member (in any case): the same answer, and nothing is sent there", async () => {
    await confirmedAddress("editor", "eli@example.test");
    const other = browser();
    await other.login("moderator");
    const before = smtp.received.length;
    const outboxBefore = (await (await getDb()).select().from(mailOutbox).all()).length;
    const asked = await other.post("/api/users/email", { email: "ELI@example.test" });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toContain("ELI@example.test");
    expect((await (await getDb()).select().from(mailOutbox).all()).length).toBe(outboxBefore);
    expect(smtp.received.length).toBe(before);
  });

  test("bad input is refused with a message in the caller's language, and nothing changes", async () => {
    const member = browser("fa");
    await member.login("member");
    const answer = await member.post("/api/users/email", { email: "not an address" });
    expect(answer.status).toBe(400);
    expect(answer.body.issues?.[0]).toMatchObject({ path: "email" });
    expect(answer.body.issues?.[0]?.message).toMatch(/[\u0600-\u06FF]/);
    expect((await browser().post("/api/users/email", { email: "a@b.test" })).status).toBe(401);
  });

  test("a link lasts an hour", async () => {
    const db = await getDb();
    const user = (await findUserByName(db, "admin"))!;
    const now = Date.now();
    const token = await newLinkToken(db, { userId: user.id, purpose: "confirm", email: "late@example.test", now });
    expect(await spendLinkToken(db, token, "confirm", now + LINK_LIFETIME_MS + 1)).toBeUndefined();
    expect(await spendLinkToken(db, token, "reset", now)).toBeUndefined();
    expect(await spendLinkToken(db, token, "confirm", now + LINK_LIFETIME_MS - 1)).toMatchObject({
      email: "late@example.test",
    });
    // Housekeeping removes links a day past their end, and only those.
    const count = async () => (await db.select().from(emailTokens).all()).length;
    const longAgo = now - LINK_LIFETIME_MS - 24 * 3_600_000;
    await newLinkToken(db, { userId: user.id, purpose: "reset", email: "old@example.test", now: longAgo - 1 });
    await newLinkToken(db, { userId: user.id, purpose: "reset", email: "old@example.test", now: longAgo + 60_000 });
    const before = await count();
    await deleteEndedLinks(db, now);
    expect(await count()).toBe(before - 1);
  });

  test("a sign-in provider's verified address is recorded as confirmed, unless another member holds it", async () => {
    const db = await getDb();
    const admin = (await findUserByName(db, "admin"))!;
    await recordVerifiedAddress(db, admin.id, "eli@example.test");
    expect((await findUserByName(db, "admin"))?.email).toBeNull();
    await recordVerifiedAddress(db, admin.id, "ava@example.test");
    const row = await findUserByName(db, "admin");
    expect(row?.email).toBe("ava@example.test");
    expect(row?.emailConfirmedAt).toBeInstanceOf(Date);
  });
});

describe("an address an administrator types", () => {
  test("is not confirmed when it changes; the same address keeps its confirmation", async () => {
    const db = await getDb();
    await confirmedAddress("editor", "eli3@example.test");
    const editor = (await findUserByName(db, "editor"))!;
    const admin = browser();
    await admin.login("admin");
    const fields = { userId: editor.id, firstName: "Eli", lastName: "Editor", about: "Test account" };
    expect((await admin.put("/api/users/update", { ...fields, email: "ELI3@example.test" })).status).toBe(200);
    expect((await findUserByName(db, "editor"))?.emailConfirmedAt).toBeInstanceOf(Date);
    expect((await admin.put("/api/users/update", { ...fields, email: "other@example.test" })).status).toBe(200);
    expect(await findUserByName(db, "editor")).toMatchObject({ email: "other@example.test", emailConfirmedAt: null });
  });
});

describe("a forgotten password", () => {
  test("the answer is the same, in about the same time, whether or not an account has the address", async () => {
    await confirmedAddress("moderator", "mina@example.test", "fa");
    const index = smtp.received.length;
    const timed = async (email: string) => {
      const started = Date.now();
      const answer = await browser().post("/api/auth/forgot-password", { email });
      return { answer, ms: Date.now() - started };
    };
    const known = await timed("MINA@example.test");
    const unknown = await timed("nobody@example.test");
    expect(known.answer.status).toBe(200);
    expect(unknown.answer.status).toBe(200);
    expect(unknown.answer.body).toEqual(known.answer.body);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(400);
    expect(Math.min(known.ms, unknown.ms)).toBeGreaterThanOrEqual(650);
    const message = await smtp.nextMessage(index);
    expect(message.subject).toBe("Choose a new password at Daftar");
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(smtp.received.length).toBe(index + 1);
  });

  test("an address nobody confirmed gets no link", async () => {
    const db = await getDb();
    await db
      .update(users)
      .set({ email: "typed@example.test", emailConfirmedAt: null })
      .where(eq(users.userName, "member"));
    const index = smtp.received.length;
    expect((await browser().post("/api/auth/forgot-password", { email: "typed@example.test" })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(smtp.received.length).toBe(index);
  });

  test("the link sets the password, ends every session, signs this browser in, and works once", async () => {
    const db = await getDb();
    await db.update(users).set({ email: null, emailConfirmedAt: null }).where(eq(users.userName, "member"));
    const { member: oldSession } = await confirmedAddress("member", "mo2@example.test");
    expect((await oldSession.get("/api/_auth/session")).body).toHaveProperty("user");
    const index = smtp.received.length;
    await browser().post("/api/auth/forgot-password", { email: "mo2@example.test" });
    const message = await smtp.nextMessage(index);
    const token = linkIn(message.text, "/en/reset-password").searchParams.get("token");

    const short = await browser().post("/api/auth/reset-password", { token, password: "x" });
    expect(short.status).toBe(400);
    const fresh = browser();
    const reset = await fresh.post("/api/auth/reset-password", { token, password: "new-secret-9" });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(
      "Your password was changed and you are signed in. Every other session was signed out.",
    );
    expect((await fresh.get("/api/_auth/session")).body).toHaveProperty("user");
    expect((await oldSession.get("/api/_auth/session")).body).toEqual({});
    expect((await browser().post("/api/auth/login", { userName: "member", password: "password123" })).status).toBe(401);
    await browser().login("member", "new-secret-9");
    const reused = await browser().post("/api/auth/reset-password", { token, password: "another-secret" });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toMatch(/does not work any more/);
  });

  test("asking is limited per address asked about, whether or not an account has it", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await browser().post("/api/auth/forgot-password", { email: "limited@example.test" })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("changing a confirmed address", () => {
  test("needs the recent proof linking a key needs; the member's own unconfirmed address does not", async () => {
    const db = await getDb();
    const { member } = await confirmedAddress("moderator", "mod-proof@example.test");
    const moderator = (await findUserByName(db, "moderator"))!;
    const old = new Date(Date.now() - 11 * 60_000);
    await db.update(sessions).set({ createdAt: old, passwordAt: old }).where(eq(sessions.userId, moderator.id));
    const outboxBefore = (await db.select().from(mailOutbox).all()).length;
    const refused = await member.post("/api/users/email", { email: "thief@example.test" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("To change your e-mail address, first confirm your password on your profile.");
    expect((await db.select().from(mailOutbox).all()).length).toBe(outboxBefore);
    expect(await db.select().from(emailTokens).where(eq(emailTokens.email, "thief@example.test")).all()).toEqual([]);
    // The same in Persian for a Persian session.
    const fa = browser("fa");
    await fa.login("moderator");
    await db.update(sessions).set({ createdAt: old, passwordAt: old }).where(eq(sessions.userId, moderator.id));
    expect((await fa.post("/api/users/email", { email: "thief@example.test" })).body.message).toMatch(
      /[\u0600-\u06FF]/,
    );
    // Typing the password again lets the change through.
    expect((await member.post("/api/auth/confirm-password", { password: "password123" })).status).toBe(200);
    const sentAt = smtp.received.length;
    expect((await member.post("/api/users/email", { email: "mod-new@example.test" })).status).toBe(200);
    await smtp.nextMessage(sentAt);

    // An address typed by an administrator (unconfirmed): asking for its link again needs no proof.
    await db
      .update(users)
      .set({ email: "Typed-Mod@example.test", emailConfirmedAt: null })
      .where(eq(users.id, moderator.id));
    await db.update(sessions).set({ createdAt: old, passwordAt: old }).where(eq(sessions.userId, moderator.id));
    const index = smtp.received.length;
    expect((await member.post("/api/users/email", { email: "typed-mod@example.test" })).status).toBe(200);
    linkIn((await smtp.nextMessage(index)).text, "/confirm-email");
  });

  test("a new link ends the earlier ones; the old address is told of the change, in the member's language", async () => {
    const { member } = await confirmedAddress("editor", "ed-old@example.test", "fa");
    const ask = async (email: string) => {
      const index = smtp.received.length;
      expect((await member.post("/api/users/email", { email })).status).toBe(200);
      const message = await smtp.nextMessage(index);
      const to = message.to && "value" in message.to ? message.to.value[0]?.address : "";
      expect(to).toBe(email);
      return linkIn(message.text, "/confirm-email").searchParams.get("token");
    };
    const first = await ask("ed-first@example.test");
    const second = await ask("ed-second@example.test");
    expect((await browser("fa").post("/api/auth/confirm-email", { token: first })).status).toBe(400);
    const index = smtp.received.length;
    expect((await browser("fa").post("/api/auth/confirm-email", { token: second })).status).toBe(200);
    expect((await findUserByName(await getDb(), "editor"))?.email).toBe("ed-second@example.test");
    const notice = await smtp.nextMessage(index);
    const to = notice.to && "value" in notice.to ? notice.to.value[0]?.address : "";
    expect(to).toBe("ed-old@example.test");
    expect(notice.subject).toMatch(/[\u0600-\u06FF]/);
    expect(notice.text).toContain("ed-second@example.test");
    expect(notice.html).toMatch(/dir="rtl"/);
    // A link asked for before the change is dead too.
    expect((await browser().post("/api/auth/confirm-email", { token: first })).status).toBe(400);
  });
});

describe("using a reset link", () => {
  test("a disabled account's link changes nothing and says the account is disabled", async () => {
    const db = await getDb();
    await db
      .update(users)
      .set({ email: "off@example.test", emailConfirmedAt: new Date() })
      .where(eq(users.userName, "admin"));
    await browser().login("admin");
    const admin = (await findUserByName(db, "admin"))!;
    const token = await newLinkToken(db, { userId: admin.id, purpose: "reset", email: "off@example.test" });
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, admin.id));
    try {
      const answer = await browser().post("/api/auth/reset-password", { token, password: "taken-over-9" });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe("This account is disabled. Ask the site's administrator to enable it again.");
      expect((await findUserByName(db, "admin"))?.passwordHash).toBe(admin.passwordHash);
      expect((await db.select().from(sessions).where(eq(sessions.userId, admin.id)).all()).length).toBeGreaterThan(0);
    } finally {
      await db.update(users).set({ disabledAt: null }).where(eq(users.id, admin.id));
    }
  });

  test("failed uses are limited per client address: 429 with Retry-After, and the limit does not reach others", async () => {
    const db = await getDb();
    await db.delete(rateLimits);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const token = `dead-${i}-bbbbbbbbbbbbbbbbbbbbbbbb`;
      statuses.push((await browser().post("/api/auth/reset-password", { token, password: "x-secret-9" })).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    const refused = await browser().post("/api/auth/reset-password", {
      token: "dead-x-bbbbbbbbbbbbbbbbbbbbbbbb",
      password: "x-secret-9",
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    await db.delete(rateLimits);
  });
});
