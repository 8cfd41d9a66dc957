/**
 * Whether a libSQL server keeps taking writes under the load the newsletter puts on it: two loops of write
 * transactions of 500 rows of 8 KB each (a batch of queued mail) beside three loops of single-row updates (leases,
 * claims), all through the site's own connection (`openDatabase`: the outbound module, its time limit, its retries
 * while busy). Reports each loop's count every 5 s and the longest stretch without any write finishing. Fails when
 * no write finished for 30 s: the server is wedged (writes wait forever, reads go on).
 *
 * Run: npx tsx bench/sqld-writers.ts [seconds, default 300] [--sqld-default-checkpoints]
 * With `--sqld-default-checkpoints` sqld checkpoints after each commit that grows its log past 1,000 pages (its
 * default) instead of on the timer `scripts/sqld.ts` sets: that is the setting which wedges.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../app/db/client.server";
import { startSqld } from "../scripts/sqld";

const seconds = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 300);
const checkpoints = process.argv.includes("--sqld-default-checkpoints") ? "sqld-default" : "timer";
const WEDGED_AFTER_MS = 30_000;

const folder = mkdtempSync(path.join(os.tmpdir(), "daftar-sqld-writers-"));
const sqld = await startSqld({ dbPath: path.join(folder, "db"), checkpoints });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let wedged = false;
try {
  const setup = await openDatabase(sqld.url);
  await setup.client.execute("CREATE TABLE mail (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
  await setup.client.execute("CREATE TABLE lease (name TEXT PRIMARY KEY, turns INTEGER NOT NULL)");
  await setup.client.execute("INSERT INTO lease VALUES ('renewed', 0)");

  const counts = { transactions: 0, updates: 0, failed: 0 };
  const failures = new Map<string, number>();
  const failed = (error: unknown) => {
    counts.failed++;
    const kind = String(error).split("\n")[0]!.slice(0, 120);
    failures.set(kind, (failures.get(kind) ?? 0) + 1);
  };
  let lastWrite = Date.now();
  let longestQuiet = 0;
  let stop = false;
  // The rows are written into the statement: 4 MB of SQL that sqld reads while it holds the write lock, which
  // keeps the lock held about as long as a loaded machine does.
  const rows = Array.from({ length: 500 }, (_, n) => `('${"x".repeat(8_000)}${n}')`).join(",");

  async function transactions() {
    const { client } = await openDatabase(sqld.url);
    while (!stop) {
      try {
        const tx = await client.transaction("write");
        try {
          await tx.execute("SELECT count(*) FROM mail");
          await tx.execute(`INSERT INTO mail (body) VALUES ${rows} RETURNING id`);
          await tx.execute("UPDATE lease SET turns = turns + 1");
          await tx.commit();
          counts.transactions++;
          lastWrite = Date.now();
        } finally {
          tx.close();
        }
      } catch (error) {
        failed(error);
      }
      await sleep(Math.random() * 300);
    }
  }
  async function updates() {
    const { client } = await openDatabase(sqld.url);
    while (!stop) {
      try {
        await client.execute("UPDATE lease SET turns = turns + 1");
        counts.updates++;
        lastWrite = Date.now();
      } catch (error) {
        failed(error);
      }
      await sleep(Math.random() * 200);
    }
  }

  const loops = [transactions(), transactions(), updates(), updates(), updates()];
  const started = Date.now();
  while (Date.now() - started < seconds * 1000) {
    await sleep(5_000);
    const quiet = Date.now() - lastWrite;
    longestQuiet = Math.max(longestQuiet, quiet);
    console.log(
      `${Math.round((Date.now() - started) / 1000)} s: ${counts.transactions} transactions, ${counts.updates} updates, ${counts.failed} failed; no write for ${quiet} ms`,
    );
    if (quiet > WEDGED_AFTER_MS) {
      const read = await setup.client.execute("SELECT count(*) AS n FROM mail").then(
        (result) => `reads still answer (${String(result.rows[0]?.n)} rows)`,
        (error: unknown) => `reads fail too (${String(error)})`,
      );
      console.log(`WEDGED: no write has finished for ${quiet} ms; ${read}`);
      wedged = true;
      break;
    }
  }
  stop = true;
  // The loops end with their current statement; the server is stopped under them.
  void loops;
  console.log(`checkpoints: ${checkpoints}; longest stretch without a write: ${longestQuiet} ms`);
  for (const [kind, count] of failures) console.log(`failed ${count}×: ${kind}`);
} finally {
  await sqld.stop("SIGKILL");
  rmSync(folder, { recursive: true, force: true });
}
process.exit(wedged ? 1 : 0);
