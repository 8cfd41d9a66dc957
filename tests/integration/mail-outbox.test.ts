/**
 * The outbox against a real SMTP server on loopback: a message sent once with both parts in its language, a
 * refusing and a hanging server retried with a growing wait, TLS with a certificate trusted by this test only,
 * one message sent once by two claimers, a send interrupted mid-way sent again with the same Message-ID, and an
 * SMTP server on a private address refused unless the operator allows it.
 */
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { closeDatabase, getDb } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { composeMessage } from "~/mail/compose.server";
import {
  backoff,
  CLAIM_MS,
  LINK_MESSAGE_LIFETIME_MS,
  MAX_ATTEMPTS,
  processOutbox,
  queueMail,
} from "~/mail/outbox.server";
import { readSmtpSettings, saveSmtpSettings, smtpView } from "~/mail/smtp-settings.server";
import { endGroup, spawnGroup } from "../../scripts/process-group";
import { seedDatabase } from "../helpers/seed";
import { smtpSettingsFor } from "../helpers/mail-site";
import { selfSignedCertificate, startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

const servers: TestSmtpServer[] = [];
async function smtp(options?: Parameters<typeof startSmtpServer>[0]) {
  const server = await startSmtpServer(options);
  servers.push(server);
  return server;
}

async function queueTest(locale: "fa" | "en" = "en", to = "reader@example.test") {
  const db = await getDb();
  const message = await composeMessage(locale, locale === "fa" ? "دفتر" : "Daftar", { kind: "test" });
  return queueMail(db, { kind: "test", to, locale, message });
}

async function rowOf(id: number) {
  return (await (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.id, id)).get())!;
}

beforeAll(async () => {
  process.env.SMTP_HOST_ALLOW_PRIVATE = "127.0.0.0/8,::1";
  resetConfigForTests();
  await seedDatabase(await getDb());
});
afterEach(async () => {
  await (await getDb()).delete(mailOutbox);
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});
afterAll(async () => {
  delete process.env.SMTP_HOST_ALLOW_PRIVATE;
  resetConfigForTests();
  await closeDatabase();
});

describe("sending", () => {
  test("a queued message is sent once, in its language, with an HTML and a plain-text part and its Message-ID", async () => {
    const server = await smtp();
    const db = await getDb();
    await saveSmtpSettings(db, smtpSettingsFor(server.port));
    const persian = await queueTest("fa", "a@example.test");
    const english = await queueTest("en", "b@example.test");
    expect(await processOutbox(db)).toBe(2);
    expect(await processOutbox(db)).toBe(0);
    expect(server.received).toHaveLength(2);
    const [fa, en] = [
      server.received.find((m) => m.messageId === persian.messageId)!,
      server.received.find((m) => m.messageId === english.messageId)!,
    ];
    expect(fa.subject).toBe("پیام آزمایشی از دفتر");
    expect(fa.html).toMatch(/<html[^>]*dir="rtl"[^>]*lang="fa"|<html[^>]*lang="fa"[^>]*dir="rtl"/);
    expect(fa.html).toContain("Vazirmatn");
    expect(fa.text).toContain("ایمیل کار می‌کند");
    expect(fa.from?.value[0]).toMatchObject({ address: "site@daftar.test", name: "دفتر" });
    expect(en.html).toMatch(/dir="ltr"/);
    expect(en.text).toContain("E-mail works");
    expect(en.from?.value[0]).toMatchObject({ name: "Daftar" });
    expect(en.headers.get("content-language")).toBe("en");
    const row = await rowOf(english.id);
    expect(row).toMatchObject({ state: "sent", attempts: 1, html: "", text: "", lastError: null });
  });

  test("without a server, messages wait in the outbox", async () => {
    const db = await getDb();
    await saveSmtpSettings(db, smtpSettingsFor(1, { enabled: false }));
    const queued = await queueTest();
    expect(await processOutbox(db)).toBe(0);
    expect((await rowOf(queued.id)).state).toBe("pending");
  });
});

describe("failures are retried with a growing wait", () => {
  test("a refusing server (550): the message waits 10 s, then 20 s, and is sent once the server takes it", async () => {
    const server = await smtp({ behaviour: "refuse" });
    const db = await getDb();
    await saveSmtpSettings(db, smtpSettingsFor(server.port));
    const queued = await queueTest();
    const start = Date.now();
    await processOutbox(db, { now: start });
    let row = await rowOf(queued.id);
    expect(row).toMatchObject({ state: "pending", attempts: 1, lastError: "refused" });
    expect(row.nextAttemptAt.getTime()).toBe(start + backoff(1));
    // Not due yet: nothing is tried.
    const connections = server.connections;
    await processOutbox(db, { now: start + backoff(1) - 1 });
    expect(server.connections).toBe(connections);
    await processOutbox(db, { now: start + backoff(1) });
    row = await rowOf(queued.id);
    expect(row).toMatchObject({ attempts: 2, lastError: "refused" });
    expect(row.nextAttemptAt.getTime() - (start + backoff(1))).toBe(backoff(2));
    expect(backoff(2)).toBe(2 * backoff(1));
    server.behaviour = "accept";
    await processOutbox(db, { now: row.nextAttemptAt.getTime() });
    expect(await rowOf(queued.id)).toMatchObject({ state: "sent", attempts: 3 });
    expect(server.received.map((m) => m.messageId)).toEqual([queued.messageId]);
  });

  test("a hanging server: the wait is bounded, the message is kept and retried later", async () => {
    const server = await smtp({ behaviour: "hang" });
    const db = await getDb();
    await saveSmtpSettings(db, smtpSettingsFor(server.port));
    const queued = await queueTest();
    const started = Date.now();
    await processOutbox(db, { now: started, delivery: { timeoutMs: 500 } });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await rowOf(queued.id)).toMatchObject({ state: "pending", attempts: 1, lastError: "timeout" });
    server.behaviour = "accept";
    await processOutbox(db, { now: started + backoff(1), delivery: { timeoutMs: 2_000 } });
    expect(await rowOf(queued.id)).toMatchObject({ state: "sent" });
    expect(server.received).toHaveLength(1);
  });

  test("a server that does not answer holds up one message per pass, not every one", async () => {
    const server = await smtp({ behaviour: "hang" });
    const db = await getDb();
    await saveSmtpSettings(db, smtpSettingsFor(server.port));
    const queued = await Promise.all([queueTest(), queueTest(), queueTest()]);
    await processOutbox(db, { delivery: { timeoutMs: 300 } });
    const rows = await Promise.all(queued.map((q) => rowOf(q.id)));
    expect(rows.map((row) => row.attempts).sort()).toEqual([0, 0, 1]);
    expect(rows.every((row) => row.state === "pending")).toBe(true);
  });

  test("after the last attempt the message is failed, and stays on the dashboard with its reason", async () => {
    const server = await smtp({ behaviour: "refuse" });
    const db = await getDb();
    await saveSmtpSettings(db, smtpSettingsFor(server.port));
    const queued = await queueTest();
    let now = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await processOutbox(db, { now });
      now += backoff(attempt);
    }
    expect(await rowOf(queued.id)).toMatchObject({ state: "failed", attempts: MAX_ATTEMPTS, lastError: "refused" });
    const connections = server.connections;
    await processOutbox(db, { now: now + 24 * 3_600_000 });
    expect(server.connections).toBe(connections);
  });
});

describe("TLS", () => {
  test("a TLS server with a certificate this test trusts takes the message; untrusted, it is refused as tls", async () => {
    const certificate = selfSignedCertificate();
    const server = await smtp({ tls: certificate });
    const db = await getDb();
    await saveSmtpSettings(db, smtpSettingsFor(server.port, { security: "tls" }));
    const queued = await queueTest();
    const now = Date.now();
    await processOutbox(db, { now });
    expect(await rowOf(queued.id)).toMatchObject({ state: "pending", lastError: "tls" });
    expect(server.received).toHaveLength(0);
    // Refused in the handshake, before a word of the message: the server saw its TLS left unfinished.
    await expect
      .poll(() => server.connectionErrors.map((error) => error.message))
      .toContainEqual(expect.stringMatching(/TLS/));
    await processOutbox(db, { now: now + backoff(1), delivery: { trust: [certificate.cert] } });
    expect(await rowOf(queued.id)).toMatchObject({ state: "sent" });
    expect(server.received.map((m) => m.messageId)).toEqual([queued.messageId]);
  });

  test("STARTTLS required: a server that offers no TLS is not sent the message in plain text", async () => {
    const server = await smtp();
    const db = await getDb();
    await saveSmtpSettings(db, smtpSettingsFor(server.port, { security: "starttls" }));
    const queued = await queueTest();
    await processOutbox(db);
    expect(await rowOf(queued.id)).toMatchObject({ state: "pending", lastError: "tls" });
    expect(server.received).toHaveLength(0);
  });
});

describe("link messages", () => {
  test("one still waiting when its link has ended is dropped with the reason, not sent; a younger one is sent", async () => {
    const server = await smtp();
    const db = await getDb();
    await saveSmtpSettings(db, smtpSettingsFor(server.port));
    const message = await composeMessage("en", "Daftar", {
      kind: "passwordReset",
      userName: "member",
      link: "http://127.0.0.1/reset-password?token=x",
      hours: 1,
    });
    const start = Date.now();
    const old = await queueMail(db, {
      kind: "passwordReset",
      to: "old@example.test",
      locale: "en",
      message,
      now: start,
    });
    const young = await queueMail(db, {
      kind: "passwordReset",
      to: "young@example.test",
      locale: "en",
      message,
      now: start + 10 * 60_000,
    });
    const test = await queueMail(db, { kind: "test", to: "t@example.test", locale: "en", message, now: start });
    await processOutbox(db, { now: start + LINK_MESSAGE_LIFETIME_MS + 1 });
    expect(await rowOf(old.id)).toMatchObject({ state: "failed", lastError: "expired", html: "", text: "" });
    expect(await rowOf(young.id)).toMatchObject({ state: "sent" });
    expect(await rowOf(test.id)).toMatchObject({ state: "sent" });
    expect(server.received.map((m) => m.messageId).sort()).toEqual([young.messageId, test.messageId].sort());
  });

  test("a reset queued behind a newsletter's 500 rows is sent in the first pass, before them", async () => {
    const server = await smtp();
    const db = await getDb();
    await saveSmtpSettings(db, smtpSettingsFor(server.port));
    const start = Date.now();
    const letter = { subject: "News", html: "<p>News</p>", text: "News" };
    await db.transaction(async (tx) => {
      for (let i = 0; i < 500; i++) {
        await queueMail(tx, {
          kind: "newsletter",
          to: `r${i}@example.test`,
          locale: "en",
          message: letter,
          now: start,
        });
      }
    });
    const message = await composeMessage("en", "Daftar", {
      kind: "passwordReset",
      userName: "member",
      link: "http://127.0.0.1/reset-password?token=x",
      hours: 1,
    });
    const reset = await queueMail(db, {
      kind: "passwordReset",
      to: "m@example.test",
      locale: "en",
      message,
      now: start + 1,
    });
    expect(await processOutbox(db, { now: start + 2, limit: 10 })).toBe(10);
    expect(await rowOf(reset.id)).toMatchObject({ state: "sent" });
    expect(server.received[0]!.messageId).toBe(reset.messageId);
  });
});

describe("once across instances", () => {
  test("two claimers working through the same outbox at once send each message once", async () => {
    const server = await smtp();
    const db = await getDb();
    await saveSmtpSettings(db, smtpSettingsFor(server.port));
    const queued = await Promise.all(Array.from({ length: 6 }, (_, i) => queueTest("en", `r${i}@example.test`)));
    const sent = await Promise.all([
      processOutbox(db, { holder: "instance-a" }),
      processOutbox(db, { holder: "instance-b" }),
    ]);
    expect(sent[0] + sent[1]).toBe(6);
    expect(server.received.map((m) => m.messageId).sort()).toEqual(queued.map((q) => q.messageId).sort());
  });

  test("a long pass claims with the time of the claim and keeps its claims: another claimer sends nothing twice", async () => {
    // Each message takes the server 400 ms to take; meanwhile the clock moves on by more than a claim lasts.
    const server = await smtp({ delayMs: 400 });
    const db = await getDb();
    await saveSmtpSettings(db, smtpSettingsFor(server.port));
    const queued = await Promise.all(Array.from({ length: 3 }, (_, i) => queueTest("en", `slow${i}@example.test`)));
    let t = Date.now();
    const clock = () => t;
    const long = processOutbox(db, { clock, holder: "instance-a", renewEveryMs: 50 });
    await server.nextMessage(0);
    t += 2 * CLAIM_MS;
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Instance b's pass at the moved time: instance a's claims are live, so it leaves them alone.
    const other = await processOutbox(db, { clock, now: t, holder: "instance-b" });
    t += 2 * CLAIM_MS;
    await new Promise((resolve) => setTimeout(resolve, 150));
    const third = await processOutbox(db, { clock, now: t, holder: "instance-c" });
    const first = await long;
    expect(first + other + third).toBe(3);
    expect(server.received.map((m) => m.messageId).sort()).toEqual(queued.map((q) => q.messageId).sort());
    for (const q of queued) expect(await rowOf(q.id)).toMatchObject({ state: "sent", attempts: 1 });
  });

  test("a sender that died mid-send: its row is sent again after the claim runs out, with the same Message-ID", async () => {
    const server = await smtp();
    const db = await getDb();
    await saveSmtpSettings(db, smtpSettingsFor(server.port));
    const queued = await queueTest();
    const now = Date.now();
    // What a killed sender leaves: the row marked "sending", claimed by an instance that is gone.
    await db
      .update(mailOutbox)
      .set({ state: "sending", claimedBy: "dead-instance", claimedUntil: new Date(now + CLAIM_MS) })
      .where(eq(mailOutbox.id, queued.id));
    // While the claim holds, nobody else sends it.
    await processOutbox(db, { now: now + CLAIM_MS - 1 });
    expect(server.received).toHaveLength(0);
    await processOutbox(db, { now: now + CLAIM_MS + 1 });
    expect(await rowOf(queued.id)).toMatchObject({ state: "sent", attempts: 2 });
    expect(server.received.map((m) => m.messageId)).toEqual([queued.messageId]);
  });
});

describe("a sender killed mid-send", () => {
  test("the message is neither lost nor sent under another Message-ID: sent again once the claim runs out", async () => {
    // The server takes the whole message and never confirms it: the sender is inside the residual window.
    const server = await smtp({ behaviour: "stall" });
    const db = await getDb();
    await saveSmtpSettings(db, smtpSettingsFor(server.port));
    const queued = await queueTest();
    const root = path.resolve(import.meta.dirname, "../..");
    const child = spawnGroup(path.join(root, "node_modules/.bin/tsx"), ["tests/helpers/mail-sender.ts"], {
      cwd: root,
      env: process.env,
      stdio: "ignore",
    });
    try {
      await server.nextMessage(0);
      expect(await rowOf(queued.id)).toMatchObject({ state: "sending", claimedBy: "child-sender" });
    } finally {
      await endGroup(child, { signal: "SIGKILL" });
    }
    server.behaviour = "accept";
    // The dead sender's claim still holds: nobody sends it meanwhile.
    await processOutbox(db);
    expect(server.received).toHaveLength(1);
    await processOutbox(db, { now: Date.now() + CLAIM_MS + 1 });
    expect(await rowOf(queued.id)).toMatchObject({ state: "sent", attempts: 2 });
    expect(server.received.map((m) => m.messageId)).toEqual([queued.messageId, queued.messageId]);
  });
});

describe("the settings", () => {
  test("the password is write-only: kept when left empty on the same host, forgotten for another host", async () => {
    const db = await getDb();
    await saveSmtpSettings(db, smtpSettingsFor(25, { user: "site", password: "s3cret" }));
    expect(smtpView(await readSmtpSettings(db))).not.toHaveProperty("password");
    expect(smtpView(await readSmtpSettings(db)).hasPassword).toBe(true);
    await saveSmtpSettings(db, smtpSettingsFor(26, { user: "site", host: "LOCALHOST" }));
    expect((await readSmtpSettings(db)).password).toBe("s3cret");
    await saveSmtpSettings(db, smtpSettingsFor(26, { user: "site", host: "smtp.elsewhere.test" }));
    expect((await readSmtpSettings(db)).password).toBe("");
    await saveSmtpSettings(db, smtpSettingsFor(26, { password: "again" }));
    await saveSmtpSettings(db, smtpSettingsFor(26, { clearPassword: true }));
    expect((await readSmtpSettings(db)).password).toBe("");
  });
});

describe("outbound rules", () => {
  test("an SMTP server on a private address set in the dashboard needs SMTP_HOST_ALLOW_PRIVATE", async () => {
    const server = await smtp();
    const db = await getDb();
    await saveSmtpSettings(db, smtpSettingsFor(server.port, { host: "127.0.0.1" }));
    process.env.SMTP_HOST_ALLOW_PRIVATE = "false";
    resetConfigForTests();
    try {
      const queued = await queueTest();
      await processOutbox(db);
      expect(await rowOf(queued.id)).toMatchObject({ state: "pending", lastError: "notAllowed" });
      expect(server.connections).toBe(0);
    } finally {
      process.env.SMTP_HOST_ALLOW_PRIVATE = "127.0.0.0/8,::1";
      resetConfigForTests();
    }
  });
});
