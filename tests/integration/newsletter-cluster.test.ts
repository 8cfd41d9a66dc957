/**
 * A newsletter run on two instances sharing one libSQL server, one of them killed (SIGKILL) in the middle of it.
 * What is asserted, exactly: every subscriber gets the post (nothing lost); each subscriber's message has one
 * Message-ID (queued once: the fan-out never queues a subscriber twice); and a Message-ID arrives twice only for
 * messages the killed instance had in flight, at most `IN_FLIGHT` of them. The dead instance's claimed rows go
 * back to the queue when their claim runs out (a minute), so the test waits for that.
 */
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startSqld, type Sqld } from "../../scripts/sqld";
import type { BuildSummary } from "~/builds/builds.server";
import { openDatabase, type DatabaseConnection } from "~/db/client.server";
import { leases, mailOutbox, newsletterSends, newsletterSubscribers } from "~/db/schema";
import { IN_FLIGHT } from "~/mail/outbox.server";
import { smtpSettingsFor } from "../helpers/mail-site";
import { ApiClient } from "../helpers/api-client";
import { pageFields } from "../helpers/front-matter";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite, type SiteProcess } from "../helpers/site-process";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";
import { within } from "../helpers/within";

const SUBSCRIBERS = 1_500;

let sqld: Sqld;
let smtp: TestSmtpServer;
let a: SiteProcess;
let b: SiteProcess;
let database: DatabaseConnection;

beforeAll(async () => {
  sqld = await startSqld({ dbPath: path.join(process.env.DATA_DIR!, "newsletter-sqld") });
  await seedDatabaseAt(sqld.url);
  smtp = await startSmtpServer();
  const env = { DATABASE_URL: sqld.url, SMTP_HOST_ALLOW_PRIVATE: "127.0.0.0/8,::1" };
  [a, b] = await Promise.all([startSite(env), startSite(env)]);
  database = await openDatabase(sqld.url);
}, 90_000);

afterAll(async () => {
  database?.client.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await smtp?.stop();
  await sqld?.stop();
});

test("killed mid-run, the newsletter still reaches everyone, queued once, repeated only for what was in flight", async () => {
  const rows = Array.from({ length: SUBSCRIBERS }, (_, n) => ({
    email: `cluster${n}@example.test`,
    languages: "en" as const,
    locale: "en" as const,
    confirmedAt: new Date(),
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await database.db.insert(newsletterSubscribers).values(rows.slice(i, i + 500));
  }
  const admin = new ApiClient(a.url);
  await admin.login("admin");
  const saved = await admin.put("/api/mail/settings", smtpSettingsFor(smtp.port));
  expect(saved.status).toBe(200);
  const commit = await admin.post("/api/builds/commit", {
    action: "save",
    locale: "en",
    path: "/notes/cluster-newsletter",
    frontMatter: pageFields("Sent through a kill", { date: "2026-11-27", category: "notes" }),
    markdown: "Once each.",
    baseHash: null,
  });
  expect(commit.status, JSON.stringify(commit.body)).toBeLessThan(300);
  const open = (await admin.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds.find(
    (build) => build.status === "open",
  )!;
  // Published: 200 once its commit is made, 202 when that goes on in the background (a loaded machine); either way
  // its pages are public and the newsletter's post recorded.
  expect([200, 202]).toContain((await admin.post("/api/builds/run", { buildId: open.id })).status);

  // In the middle of the run: some messages out, most still to go. On a loaded machine the queueing of every
  // subscriber's message and the first sends can take minutes; if they never come, say where the run stands.
  await within(240_000, async () => smtp.received.length >= 150).catch(async (error: unknown) => {
    throw new Error(`${String(error)} with ${smtp.received.length} messages received\n${await whereTheRunStands()}`);
  });
  await a.kill("SIGKILL");
  const atKill = smtp.received.length;
  expect(atKill).toBeLessThan(SUBSCRIBERS);

  const recipients = () => new Set(smtp.received.map((message) => JSON.stringify(message.to)));
  await within(150_000, async () => recipients().size === SUBSCRIBERS);
  // Anything still to arrive (a repeat) has a moment to.
  await new Promise((resolve) => setTimeout(resolve, 3_000));

  const ids = new Set(smtp.received.map((message) => message.messageId));
  // Queued once: one Message-ID per subscriber.
  expect(ids.size).toBe(SUBSCRIBERS);
  const repeats = smtp.received.length - ids.size;
  expect(repeats).toBeLessThanOrEqual(IN_FLIGHT);
  const send = await database.db.select().from(newsletterSends).where(eq(newsletterSends.buildId, open.id)).get();
  expect(send).toMatchObject({ recipients: SUBSCRIBERS });
  console.log(`killed after ${atKill} messages; ${smtp.received.length} received, ${repeats} repeated`);
}, 480_000);

/**
 * Where a stalled run stands: whether the database server still takes a write, the send, the outbox by state
 * (with one of its errors), who holds the background work's leases, then each instance's last lines. A failure's
 * summary shows its first lines only, so the telling ones come first, one per line; the instances' and the
 * server's whole output come after.
 */
async function whereTheRunStands(): Promise<string> {
  const sends = await database.db.select().from(newsletterSends).all();
  const outbox = await database.db
    .select({
      state: mailOutbox.state,
      count: sql<number>`count(*)`,
      lastError: sql<string>`max(${mailOutbox.lastError})`,
    })
    .from(mailOutbox)
    .groupBy(mailOutbox.state)
    .all();
  const held = (await database.db.select().from(leases).all())
    .filter((lease) => /newsletter|mail-outbox/.test(lease.name))
    .map((lease) => `${lease.name} by ${lease.holder.split("-")[0]} for ${lease.expiresAt.getTime() - Date.now()} ms`);
  const lastLines = (output: string) => output.trim().split("\n").slice(-2).join(" | ").slice(-140);
  // Whether the server still takes a write at all (a wedged one answers reads only).
  const started = Date.now();
  const write = await Promise.race([
    database.client.batch(["SELECT 1"], "write").then(() => `taken in ${Date.now() - started} ms`),
    new Promise<string>((resolve) => setTimeout(() => resolve("no answer within 5 s"), 5_000)),
  ]).catch((error: unknown) => `failed: ${String(error).slice(0, 100)}`);
  return [
    `a write from the test: ${write}`,
    `sends: ${sends.map((send) => `${send.recipients} queued, cursor ${send.cursor}${send.queuedAt ? ", done" : ""}`).join("; ")}; outbox: ${outbox.map((row) => `${row.count} ${row.state}${row.lastError ? ` (${row.lastError})` : ""}`).join(", ")}`,
    `leases (holder's pid): ${held.join(", ")}`,
    `last lines: a (pid ${a.pid}) ${lastLines(a.output())} || b (pid ${b.pid}) ${lastLines(b.output())}`,
    `instance a:\n${a.output().slice(-3000)}`,
    `instance b:\n${b.output().slice(-3000)}`,
    `sqld:\n${sqld.output().slice(-2000)}`,
  ].join("\n");
}
