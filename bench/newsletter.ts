/**
 * Newsletter benchmark: 10,000 subscribers (directly in the site's database, as confirmations would have left
 * them), a seeded site (a child process, the production build) whose mail goes to a real SMTP server on loopback
 * (smtp-server, each message parsed), and one new post published through the API as an editor does. Measured:
 * from the publish request to the last message taken by the server (budget: under 2 minutes), and that every
 * subscriber got exactly one message, each Message-ID once.
 *
 * Run: npx tsx bench/newsletter.ts [subscribers, default 10000]   (exits non-zero over budget or on a duplicate)
 */
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createClient } from "@libsql/client";
import type { BuildSummary } from "../app/builds/builds.server";
import { ApiClient } from "../tests/helpers/api-client";
import { pageFields } from "../tests/helpers/front-matter";
import { startSmtpServer } from "../tests/helpers/smtp-server";
import { startSeededSite } from "./site";

const SUBSCRIBERS = Number(process.argv[2] ?? 10_000);
const BUDGET_MS = 120_000;

const smtp = await startSmtpServer();
const site = await startSeededSite({ SMTP_HOST_ALLOW_PRIVATE: "127.0.0.0/8" });
let failed: boolean;
try {
  // The running site writes to the same file (its background work): wait for its write lock, as it does for ours.
  const database = createClient({ url: `file:${path.join(site.dataDir, "daftar.db")}`, timeout: 5_000 });
  const now = Date.now();
  for (let from = 0; from < SUBSCRIBERS; from += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, SUBSCRIBERS - from) }, (_, i) => from + i);
    await database.batch(
      rows.map((n) => ({
        sql: "insert into newsletter_subscribers (email, languages, locale, confirmed_at) values (?, ?, ?, ?)",
        args: [`reader${n}@example.test`, n % 3 === 0 ? "both" : "en", n % 2 === 0 ? "fa" : "en", now],
      })),
      "write",
    );
  }
  database.close();

  const admin = new ApiClient(site.url);
  await admin.login("admin");
  const saved = await admin.put("/api/mail/settings", {
    enabled: true,
    host: "localhost",
    port: smtp.port,
    security: "none",
    user: "",
    password: "",
    clearPassword: false,
    fromAddress: "site@daftar.test",
    fromNameFa: "دفتر",
    fromNameEn: "Daftar",
  });
  if (saved.status !== 200) throw new Error(`mail settings answered ${saved.status}: ${JSON.stringify(saved.body)}`);
  const commit = await admin.post("/api/builds/commit", {
    action: "save",
    locale: "en",
    path: "/notes/newsletter-bench",
    frontMatter: pageFields("A post for ten thousand readers", { date: "2026-11-27", category: "notes" }),
    markdown: "Every subscriber gets this once.",
    baseHash: null,
  });
  if (commit.status >= 300) throw new Error(`commit answered ${commit.status}: ${JSON.stringify(commit.body)}`);
  const open = (await admin.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds.find(
    (build) => build.status === "open",
  )!;
  const started = performance.now();
  const published = await admin.post("/api/builds/run", { buildId: open.id });
  if (published.status !== 200) throw new Error(`publish answered ${published.status}`);
  let last = 0;
  let lastChange = performance.now();
  while (smtp.received.length < SUBSCRIBERS) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (smtp.received.length !== last) {
      last = smtp.received.length;
      lastChange = performance.now();
      process.stdout.write(`\r${last} messages after ${((performance.now() - started) / 1000).toFixed(1)} s `);
    }
    if (performance.now() - lastChange > 30_000) throw new Error(`stalled at ${last} messages`);
  }
  const elapsed = performance.now() - started;
  // Anything more that would still arrive (a duplicate) has a moment to.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const ids = new Set(smtp.received.map((message) => message.messageId));
  const recipients = new Set(smtp.received.map((message) => JSON.stringify(message.to)));
  console.log(
    `\n${SUBSCRIBERS} subscribers: ${smtp.received.length} messages in ${(elapsed / 1000).toFixed(1)} s ` +
      `(${Math.round(smtp.received.length / (elapsed / 1000))}/s), ${ids.size} Message-IDs, ${recipients.size} recipients; ` +
      `${smtp.connections} SMTP connections. Budget ${BUDGET_MS / 1000} s.`,
  );
  failed =
    elapsed > BUDGET_MS ||
    smtp.received.length !== SUBSCRIBERS ||
    ids.size !== SUBSCRIBERS ||
    recipients.size !== SUBSCRIBERS;
} catch (error) {
  console.error(error);
  console.error(site.output().slice(-3_000));
  failed = true;
} finally {
  await site.stop();
  await smtp.stop();
}
process.exit(failed ? 1 : 0);
