/**
 * The parts that let several instances share one database, each on its own: the change feed (what is logged with
 * a write, what a follower applies, what it does after a gap), leases, housekeeping, writes waiting out a busy
 * database, and migrations applied when an installed site starts. Runs on the test file's database: a file, or a
 * libSQL server in the second run.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  announceChange,
  changeTransaction,
  followChanges,
  onSiteChange,
  pruneChangeLog,
  type ChangeTopics,
} from "~/cluster/change-feed.server";
import { everyPeriod, releaseLease, takeLease } from "~/cluster/leases.server";
import { closeDatabase, getDb, openDatabase } from "~/db/client.server";
import { appliedMigrations, migrationCount, migrationsFolder, runMigrations } from "~/db/migrate.server";
import { changeLog, leases, rateLimits, sessions, users } from "~/db/schema";
import { isBusy, writeTransaction } from "~/db/transaction.server";
import { seedDatabase } from "../helpers/seed";
import { startSite } from "../helpers/site-process";

const onServer = !process.env.DATABASE_URL!.startsWith("file:");

beforeAll(async () => {
  await seedDatabase(await getDb());
});
afterAll(closeDatabase);

/** Everything applied for `topic` while `run` runs (in this process). */
async function appliedDuring<K extends keyof ChangeTopics>(topic: K, run: () => Promise<unknown>) {
  const seen: ChangeTopics[K][] = [];
  const stop = onSiteChange(topic, (detail) => seen.push(detail));
  try {
    await run();
  } finally {
    stop();
  }
  return seen;
}

const page = { locale: "en" as const, path: "/about" };

describe("the change feed", () => {
  test("a change is logged with its write and applied here after the commit, not before", async () => {
    const db = await getDb();
    const seen: unknown[] = [];
    const stop = onSiteChange("content", (detail) => seen.push(detail));
    let appliedInside = true;
    await changeTransaction(db, async (tx, announce) => {
      await tx.update(users).set({ about: "changed with a page" }).where(eq(users.userName, "admin"));
      announce({ topic: "content", detail: [page] });
      appliedInside = seen.length > 0;
    });
    stop();
    expect(appliedInside).toBe(false);
    expect(seen).toEqual([[page]]);
    const last = await db.select().from(changeLog).orderBy(changeLog.id).all();
    expect(last.at(-1)).toMatchObject({ topic: "content", detail: [page] });
  });

  test("a write that fails logs nothing and applies nothing", async () => {
    const db = await getDb();
    const before = (await db.select().from(changeLog).all()).length;
    const seen = await appliedDuring("content", async () => {
      await expect(
        changeTransaction(db, async (_tx, announce) => {
          announce({ topic: "content", detail: [page] });
          throw new Error("the write fails");
        }),
      ).rejects.toThrow("the write fails");
    });
    expect(seen).toEqual([]);
    expect((await db.select().from(changeLog).all()).length).toBe(before);
  });

  test("a transaction cannot be given in place of the connection", async () => {
    const db = await getDb();
    await expect(writeTransaction(db, (tx) => changeTransaction(tx, async () => undefined))).rejects.toThrow(
      /pass the connection/,
    );
  });

  test("a follower applies what other instances logged, skips its own, and resumes where it stopped", async () => {
    const db = await getDb();
    const follower = followChanges(60_000);
    await follower.catchUp(); // starts at the end of the log
    await db.insert(changeLog).values({ origin: "another-instance", topic: "settings", detail: null });
    await announceChange(db, { topic: "content", detail: [page] }); // this instance's own: applied once, already
    await db.insert(changeLog).values({ origin: "another-instance", topic: "documents", detail: [page] });
    const settings = await appliedDuring("settings", async () => {
      const documents = await appliedDuring("documents", () => follower.catchUp());
      expect(documents).toEqual([[page]]);
    });
    expect(settings).toEqual([null]);
    const again = await appliedDuring("documents", () => follower.catchUp());
    expect(again).toEqual([]);
    follower.stop();
  });

  test("a follower that missed pruned entries treats everything as changed", async () => {
    const db = await getDb();
    const follower = followChanges(60_000);
    await follower.catchUp();
    await db.insert(changeLog).values({ origin: "another-instance", topic: "documents", detail: [page] });
    await db.insert(changeLog).values({ origin: "another-instance", topic: "documents", detail: [page] });
    // The first of the two is pruned before this follower reads it.
    const first = await db.select().from(changeLog).orderBy(changeLog.id).all();
    await db.delete(changeLog).where(eq(changeLog.id, first.at(-2)!.id));
    const content = await appliedDuring("content", () => follower.catchUp());
    expect(content).toEqual([null]);
    follower.stop();
  });

  test("entries older than the retention are pruned", async () => {
    const db = await getDb();
    await db
      .insert(changeLog)
      .values({ origin: "old", topic: "settings", detail: null, createdAt: new Date(Date.now() - 2 * 3600_000) });
    await pruneChangeLog(db);
    expect(await db.select().from(changeLog).where(eq(changeLog.origin, "old")).all()).toEqual([]);
    expect((await db.select().from(changeLog).all()).length).toBeGreaterThan(0);
  });
});

describe("leases", () => {
  test("only one of many racing holders takes a lease; it may extend it; others get it once it expires", async () => {
    const db = await getDb();
    const holders = Array.from({ length: 12 }, (_, i) => `instance-${i}`);
    const won = await Promise.all(holders.map((holder) => takeLease(db, "race", 60_000, { holder })));
    expect(won.filter(Boolean)).toHaveLength(1);
    const winner = holders[won.indexOf(true)]!;
    const other = holders.find((h) => h !== winner)!;
    expect(await takeLease(db, "race", 60_000, { holder: winner })).toBe(true);
    expect(await takeLease(db, "race", 60_000, { holder: other })).toBe(false);
    expect(await takeLease(db, "race", 60_000, { holder: other, now: Date.now() + 61_000 })).toBe(true);
    await releaseLease(db, "race", other);
    expect(await db.select().from(leases).where(eq(leases.name, "race")).all()).toEqual([]);
  });

  test("stopping periodic work waits for the run in progress: nothing runs after a server has stopped", async () => {
    let finished = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const stop = everyPeriod(
      "slow-one",
      60_000,
      async () => {
        started();
        await new Promise((resolve) => setTimeout(resolve, 400));
        finished = true;
      },
      { firstAfterMs: 0, holder: "slow" },
    );
    await running;
    await stop();
    expect(finished).toBe(true);
  });

  test("periodic work runs once per period however many instances schedule it", async () => {
    let runs = 0;
    const stops = ["one", "two", "three"].map((holder) =>
      everyPeriod("count-me", 60_000, async () => void runs++, { firstAfterMs: 0, holder }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all(stops.map((stop) => stop()));
    expect(runs).toBe(1);
  });

  test("a turn longer than the period keeps the lease: the other instance does not run beside it", async () => {
    const ran: string[] = [];
    let running = 0;
    let overlapped = false;
    let longTurnOver!: () => void;
    const over = new Promise<void>((resolve) => (longTurnOver = resolve));
    const stops = ["first", "second"].map((holder, index) =>
      everyPeriod(
        "long-turn",
        90,
        async () => {
          overlapped ||= running > 0;
          running++;
          const first = ran.push(holder) === 1;
          // The first run lasts many periods, as the outbox's turn may.
          if (first) await new Promise((resolve) => setTimeout(resolve, 900));
          running--;
          if (first) longTurnOver();
        },
        { firstAfterMs: index * 30, holder },
      ),
    );
    await over;
    await Promise.all(stops.map((stop) => stop()));
    expect(ran[0]).toBe("first");
    expect(overlapped).toBe(false);
  });

  test("a turn whose lease another instance took over is told so", async () => {
    const db = await getDb();
    let heldAfter: boolean | undefined;
    const stop = everyPeriod(
      "taken-over",
      90,
      async (_db, turn) => {
        if (heldAfter !== undefined) return;
        // This instance stalled: its lease ran out and another took it.
        await takeLease(db, "every:taken-over", 60_000, { holder: "other", now: Date.now() + 1_000 });
        await new Promise((resolve) => setTimeout(resolve, 200));
        heldAfter = turn.held();
      },
      { firstAfterMs: 0, holder: "stalled" },
    );
    await expect.poll(() => heldAfter, { timeout: 3_000 }).toBe(false);
    await stop();
  });
});

describe("housekeeping", () => {
  test("expired sessions and rate-limit windows go; current ones stay", async () => {
    const { deleteExpiredSessions } = await import("~/auth/sessions.server");
    const { deleteExpiredLimits } = await import("~/db/rate-limit.server");
    const db = await getDb();
    const admin = (await db.select().from(users).where(eq(users.userName, "admin")).get())!;
    const now = Date.now();
    await db.insert(sessions).values([
      { id: "expired", userId: admin.id, expiresAt: new Date(now - 1000), lastSeenAt: new Date(now - 5000) },
      { id: "current", userId: admin.id, expiresAt: new Date(now + 60_000), lastSeenAt: new Date(now) },
    ]);
    await db.insert(rateLimits).values([
      { key: "test:over", count: 3, resetAt: new Date(now - 1000) },
      { key: "test:running", count: 3, resetAt: new Date(now + 60_000) },
    ]);
    await deleteExpiredSessions(db);
    await deleteExpiredLimits(db);
    const sessionIds = (await db.select({ id: sessions.id }).from(sessions).all()).map((s) => s.id);
    expect(sessionIds).toContain("current");
    expect(sessionIds).not.toContain("expired");
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits).all()).map((r) => r.key);
    expect(keys).toEqual(["test:running"]);
  });
});

describe("a busy database", () => {
  test("busy errors are recognised by code or message, also as a cause", () => {
    expect(isBusy({ code: "SQLITE_BUSY" })).toBe(true);
    expect(isBusy(new Error("query failed", { cause: { message: "SQLite error: database is locked" } }))).toBe(true);
    expect(isBusy(new Error("SERVER_ERROR: Server returned HTTP status 429"))).toBe(true);
    expect(isBusy(new Error("UNIQUE constraint failed"))).toBe(false);
    expect(isBusy(new Error("SERVER_ERROR: Server returned HTTP status 500"))).toBe(false);
  });

  test.runIf(onServer)(
    "a write transaction waits out another connection holding the write lock for seconds",
    async () => {
      const other = await openDatabase(process.env.DATABASE_URL!);
      const held = await other.client.transaction("write");
      await held.execute("update users set about = 'held' where user_name = 'editor'");
      const started = Date.now();
      // Released after 3 s (sqld would take the lock from it at 5 s).
      const release = new Promise<void>((resolve) => setTimeout(() => void held.commit().then(() => resolve()), 3000));
      await writeTransaction(await getDb(), async (tx) => {
        await tx.update(users).set({ about: "after the lock" }).where(eq(users.userName, "member"));
      });
      await release;
      expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
      const member = await (await getDb()).select().from(users).where(eq(users.userName, "member")).get();
      expect(member?.about).toBe("after the lock");
      other.client.close();
    },
  );
});

describe("migrations", () => {
  test("instances migrating at the same moment both succeed, and the schema is complete once", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "daftar-migrate-"));
    const url = onServer ? await freshServerDatabase(dir) : `file:${path.join(dir, "race.db")}`;
    const [one, two] = await Promise.all([openDatabase(url), openDatabase(url)]);
    try {
      await Promise.all([runMigrations(one.db), runMigrations(two.db)]);
      expect(await appliedMigrations(one.db)).toBe(migrationCount());
    } finally {
      one.client.close();
      two.client.close();
      await stopServer?.();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test.runIf(!onServer)(
    "an installed site started on a newer version applies the pending migrations first",
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "daftar-upgrade-"));
      const url = `file:${path.join(dataDir, "daftar.db")}`;
      // A site installed by the version before the newest migration.
      const older = path.join(dataDir, "older-migrations");
      cpSync(migrationsFolder, older, { recursive: true });
      const journalFile = path.join(older, "meta/_journal.json");
      const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: unknown[] };
      journal.entries.pop();
      writeFileSync(journalFile, JSON.stringify(journal));
      const old = await openDatabase(url);
      await migrate(old.db, { migrationsFolder: older });
      await old.client.execute({
        sql: "insert into settings (key, value) values ('app', ?)",
        args: [JSON.stringify({ installed: true })],
      });
      expect(await appliedMigrations(old.db)).toBe(migrationCount() - 1);
      old.client.close();

      const site = await startSite({ DATA_DIR: dataDir, DATABASE_URL: url });
      try {
        expect(site.output()).toContain("Applied 1 database migration.");
        const check = await openDatabase(url);
        expect(await appliedMigrations(check.db)).toBe(migrationCount());
        check.client.close();
        expect((await fetch(`${site.url}/en`)).status).toBe(200);
      } finally {
        await site.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

let stopServer: (() => Promise<void>) | undefined;
async function freshServerDatabase(dir: string): Promise<string> {
  const { startSqld } = await import("../../scripts/sqld");
  const server = await startSqld({ dbPath: path.join(dir, "sqld") });
  stopServer = () => server.stop();
  return server.url;
}
