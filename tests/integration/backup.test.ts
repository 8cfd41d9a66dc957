/**
 * `npm run backup` and `npm run restore` against a real site process: an online backup taken while comments are
 * being posted restores every acknowledged row into a fresh data folder; a damaged backup or a running site
 * is refused without changing anything.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ApiClient, keyFields } from "../helpers/api-client";
import { runScript } from "../helpers/run-script";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite, type SiteProcess } from "../helpers/site-process";

const post = "/en/notes/learning-slowly";
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "daftar-backup-"));
  folders.push(dir);
  return dir;
};
const envOf = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: `file:${path.join(dataDir, "daftar.db")}` });
const digest = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

async function query(dataDir: string, sql: string) {
  const client = createClient({ url: `file:${path.join(dataDir, "daftar.db")}` });
  try {
    return (await client.execute(sql)).rows;
  } finally {
    client.close();
  }
}

let source: string;
let site: SiteProcess;
let backupFile: string;
/** Comments acknowledged (201) before the backup started, and all of them. */
const before: number[] = [];
const acknowledged: number[] = [];
const registered: string[] = [];

beforeAll(async () => {
  source = folder();
  await seedDatabaseAt(envOf(source).DATABASE_URL);
  site = await startSite(envOf(source));
}, 120_000);

afterAll(async () => {
  await site?.stop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe("an online backup", () => {
  test("taken while comments are posted, restores every row acknowledged before it began", async () => {
    const moderator = new ApiClient(site.url);
    await moderator.login("moderator");
    for (let n = 1; n <= 3; n++) {
      const userName = `backup-user-${n}`;
      const answer = await new ApiClient(site.url).post("/api/auth/register", {
        firstName: "Backup",
        lastName: "Tester",
        about: "Registered before the backup",
        userName,
        password: "password123",
        ...keyFields(site.url, "register", 9000 + n),
      });
      expect(answer.status).toBe(201);
      registered.push(userName);
    }

    let writing = true;
    let backupStarted = false;
    const writer = async (worker: number) => {
      for (let n = 0; writing; n++) {
        const answer = await moderator.post<{ comment: { id: number } }>("/api/comments/new", {
          routePath: post,
          commentBody: `Comment ${n} from writer ${worker} during the backup.`,
        });
        expect(answer.status).toBe(201);
        acknowledged.push(answer.body.comment.id);
        if (!backupStarted) before.push(answer.body.comment.id);
      }
    };
    const writers = [1, 2, 3, 4].map(writer);
    // Let some writes land first, then back up while they keep coming.
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    backupFile = path.join(folder(), "site.tar.gz");
    backupStarted = true;
    const countAtStart = acknowledged.length;
    const backup = await runScript("backup", [backupFile], envOf(source));
    const duringBackup = acknowledged.length - countAtStart;
    writing = false;
    await Promise.all(writers);
    expect(backup, backup.output).toMatchObject({ code: 0 });
    expect(duringBackup, "writes kept being acknowledged during the backup").toBeGreaterThan(0);

    const target = folder();
    const restore = await runScript("restore", [backupFile], envOf(target));
    expect(restore, restore.output).toMatchObject({ code: 0 });
    expect(readdirSync(target).filter((name) => name.includes(".restoring-"))).toEqual([]);

    const restored = await startSite(envOf(target));
    try {
      // The restored site serves: its users sign in, its comments list.
      const again = new ApiClient(restored.url);
      for (const userName of [...registered, "member"]) expect((await again.login(userName)).status).toBe(200);
      const listed = await again.get<{ total: number }>(`/api/comments?routePath=${encodeURIComponent(post)}`);
      expect(listed.status).toBe(200);
    } finally {
      await restored.stop();
    }
    expect((await query(target, "PRAGMA integrity_check"))[0]?.[0]).toBe("ok");
    const ids = new Set((await query(target, "select id from comments")).map((row) => Number(row.id)));
    for (const id of before) expect(ids.has(id), `comment ${id}`).toBe(true);
    // A snapshot: whatever it holds is a prefix of what was acknowledged, with no gaps.
    const max = Math.max(...ids);
    for (const id of acknowledged.filter((id) => id <= max)) expect(ids.has(id), `comment ${id}`).toBe(true);
    const users = (await query(target, "select user_name from users")).map((row) => String(row.user_name));
    expect(users).toEqual(expect.arrayContaining([...registered, "admin", "editor", "moderator", "member"]));
    // Every restored user keeps its role.
    expect(await query(target, "select id from users where id not in (select user_id from user_roles)")).toEqual([]);
  }, 120_000);

  test("a damaged backup is refused and the database is left as it was", async () => {
    const target = folder();
    expect((await runScript("restore", [backupFile], envOf(target))).code).toBe(0);
    const database = path.join(target, "daftar.db");
    const unchanged = digest(database);

    const bytes = readFileSync(backupFile);
    for (const [name, damage] of [
      ["flipped", (b: Buffer) => ((b[Math.floor(b.length / 2)]! ^= 0xff), b)],
      ["truncated", (b: Buffer) => b.subarray(0, Math.floor(b.length * 0.7))],
      ["not a backup", () => Buffer.from("hello, this is not a backup\n")],
    ] as const) {
      const damaged = path.join(target, `${name}.tar.gz`);
      writeFileSync(damaged, damage(Buffer.from(bytes)));
      const restore = await runScript("restore", [damaged], envOf(target));
      expect(restore.code, `${name}: ${restore.output}`).toBe(1);
      expect(restore.output).toContain("nothing was changed");
      expect(digest(database)).toBe(unchanged);
      expect(readdirSync(target).filter((file) => file.includes(".restoring-"))).toEqual([]);
    }
  }, 60_000);

  test("restore refuses while the site is running on the data folder", async () => {
    const database = path.join(source, "daftar.db");
    const rows = await query(source, "select count(*) as n from comments");
    const restore = await runScript("restore", [backupFile], envOf(source));
    expect(restore.code).toBe(1);
    expect(restore.output).toMatch(/the site is running \(process \d+\): stop it first/);
    expect(await query(source, "select count(*) as n from comments")).toEqual(rows);
    expect(readdirSync(path.dirname(database)).filter((file) => file.includes(".restoring-"))).toEqual([]);
  }, 60_000);

  test("a libSQL server's database is left to the server's own backups", async () => {
    const backup = await runScript("backup", [], { DATA_DIR: folder(), DATABASE_URL: "http://127.0.0.1:9" });
    expect(backup.code).toBe(1);
    expect(backup.output).toContain("libSQL server");
  }, 30_000);
});
