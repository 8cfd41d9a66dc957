/**
 * Faults against real server processes: killed mid-write (kill -9), a database that cannot be reached, and a
 * graceful stop while a request is still arriving.
 */
import { spawnSync } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { createServer, connect, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, test } from "vitest";
import { ApiClient, keyFields } from "../helpers/api-client";
import { freePort } from "../../scripts/free-port";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite } from "../helpers/site-process";

const post = "/en/notes/learning-slowly";
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "daftar-faults-"));
  folders.push(dir);
  return dir;
};
const envOf = (dataDir: string, file = path.join(dataDir, "daftar.db")) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: `file:${file}`,
});

async function query(file: string, sql: string) {
  const client = createClient({ url: `file:${file}` });
  try {
    return (await client.execute(sql)).rows;
  } finally {
    client.close();
  }
}

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe("kill -9 in the middle of a burst of writes", () => {
  test("every acknowledged write is there after a restart, and nothing is half-written", async () => {
    const dataDir = folder();
    const database = path.join(dataDir, "daftar.db");
    await seedDatabaseAt(`file:${database}`);
    const site = await startSite(envOf(dataDir));
    const moderator = new ApiClient(site.url);
    await moderator.login("moderator");
    const member = new ApiClient(site.url);
    await member.login("member");

    const comments = new Map<number, string>();
    const users: string[] = [];
    const profiles: string[] = [];
    const sentProfiles: string[] = [];
    let stop = false;
    let failures = 0;
    // A write whose connection dies with the server was never acknowledged: only 2xx answers count.
    const attempt = async <T>(write: () => Promise<{ status: number; body: T }>, onAck: (body: T) => void) => {
      try {
        const answer = await write();
        if (answer.status >= 200 && answer.status < 300) onAck(answer.body);
        else if (!stop) failures++;
      } catch {
        // The server died before answering.
      }
    };
    const commenter = async (worker: number) => {
      for (let n = 0; !stop; n++) {
        const body = `Burst comment ${n} from writer ${worker}, before the crash.`;
        await attempt(
          () =>
            moderator.post<{ comment: { id: number } }>("/api/comments/new", { routePath: post, commentBody: body }),
          (answer) => comments.set(answer.comment.id, body),
        );
      }
    };
    const registrar = async (worker: number) => {
      // Registrations from one address are limited to 20 an hour: 3 workers × 5 stay under it.
      for (let n = 0; n < 5 && !stop; n++) {
        const userName = `crash-${worker}-${n}`;
        await attempt(
          () =>
            new ApiClient(site.url).post("/api/auth/register", {
              firstName: "Crash",
              lastName: "Tester",
              about: "Registered during the burst",
              userName,
              password: "password123",
              ...keyFields(site.url, "register", 7000 + worker * 10 + n),
            }),
          () => users.push(userName),
        );
      }
    };
    const profileSaver = async () => {
      for (let n = 0; !stop; n++) {
        const about = `Profile save number ${n}`;
        sentProfiles.push(about);
        await attempt(
          () => member.put("/api/users/update-profile", { firstName: "Mo", lastName: `Member${n}`, about }),
          () => profiles.push(about),
        );
      }
    };
    const burst = [1, 2, 3, 4].map(commenter).concat([1, 2, 3].map(registrar), [profileSaver()]);
    while (comments.size < 40 || profiles.length < 5) await new Promise((resolve) => setTimeout(resolve, 10));
    const code = await site.kill("SIGKILL");
    stop = true;
    await Promise.all(burst);
    expect(code).toBeNull();
    expect(failures).toBe(0);

    const restarted = await startSite(envOf(dataDir));
    try {
      // The restarted site works: the registered people sign in.
      for (const userName of users) expect((await new ApiClient(restarted.url).login(userName)).status).toBe(200);
    } finally {
      await restarted.stop();
    }
    expect((await query(database, "PRAGMA integrity_check"))[0]?.[0]).toBe("ok");
    const stored = new Map(
      (await query(database, "select id, body from comments")).map((row) => [Number(row.id), String(row.body)]),
    );
    for (const [id, body] of comments) expect(stored.get(id), `comment ${id}`).toBe(body);
    const names = new Set((await query(database, "select user_name from users")).map((row) => String(row.user_name)));
    for (const userName of users) expect(names.has(userName), userName).toBe(true);
    // No account without its role (written in one transaction with it).
    expect(
      await query(database, "select user_name from users where id not in (select user_id from user_roles)"),
    ).toEqual([]);
    // The profile is one of the saves, whole: its display name agrees with its names. It is the last acknowledged
    // save or the one sent after it (committed when the server died before answering), never an older one.
    const [profile] = await query(
      database,
      "select first_name, last_name, about, display_name from users where user_name = 'member'",
    );
    expect(sentProfiles).toContain(String(profile?.about));
    const saveNumber = (about: string | undefined) => Number(String(about).replace("Profile save number ", ""));
    expect(saveNumber(String(profile?.about))).toBeGreaterThanOrEqual(saveNumber(profiles.at(-1)));
    expect(String(profile?.about).replace("Profile save number ", "")).toBe(
      String(profile?.last_name).replace("Member", ""),
    );
    expect(String(profile?.display_name)).toBe(`${String(profile?.first_name)} ${String(profile?.last_name)}`);
  }, 120_000);
});

describe("a database that cannot be reached", () => {
  async function expectUnavailable(url: string) {
    const page = await fetch(url + post, { headers: { "accept-language": "en" } });
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain("The site cannot reach its database right now");
    expect(html).not.toMatch(/at \S+ \(|node:internal|LibsqlError|fetch failed/);
    const persian = await fetch(url + "/notes/learning-slowly");
    expect(persian.status).toBe(503);
    expect(await persian.text()).toContain("سایت فعلاً به پایگاه داده‌اش دسترسی ندارد");

    const health = await fetch(url + "/healthz", { headers: { "accept-language": "en" } });
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({
      status: "error",
      database: { reachable: false },
      message: "The site cannot reach its database right now. Please try again in a moment.",
    });
    const api = await new ApiClient(url).get(`/api/comments?routePath=${encodeURIComponent(post)}`);
    expect(api.status).toBe(503);
    expect(api.body.message).toBe("The site cannot reach its database right now. Please try again in a moment.");
  }

  test("a database file that is not there: 503 in the reader's language, and back without a restart", async () => {
    const dataDir = folder();
    const home = path.join(dataDir, "volume");
    mkdirSync(home);
    await seedDatabaseAt(`file:${path.join(home, "daftar.db")}`);
    // The volume holding the database is not mounted: in its place, something that cannot hold it.
    renameSync(home, `${home}.away`);
    writeFileSync(home, "not a folder");
    const site = await startSite({ ...envOf(dataDir, path.join(home, "daftar.db")), DAFTAR_INSTALLED: "true" });
    try {
      await expectUnavailable(site.url);
      // The log says what is wrong in a line per request, not a stack trace each time. The line comes through the
      // process's pipe, which may deliver it after the answer: it is waited for.
      await expect.poll(() => site.output(), { timeout: 5000 }).toMatch(/database unreachable/);
      expect(site.output()).not.toMatch(/\n\s+at /);
      rmSync(home);
      renameSync(`${home}.away`, home);
      expect((await fetch(site.url + "/healthz")).status).toBe(200);
      // Pages rely on a database check at most a second old.
      await expect.poll(async () => (await fetch(site.url + post)).status, { timeout: 5000 }).toBe(200);
      expect((await new ApiClient(site.url).login("member")).status).toBe(200);
    } finally {
      await site.stop();
    }
  }, 60_000);

  for (const kind of ["refuses connections", "accepts and hangs up"] as const) {
    test(`a libSQL server that ${kind}: 503 in the reader's language`, async () => {
      let server: Server | undefined;
      let port: number;
      if (kind === "refuses connections") port = await freePort();
      else {
        server = createServer((socket) => socket.destroy());
        await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
        port = (server.address() as { port: number }).port;
      }
      const site = await startSite({
        DATA_DIR: folder(),
        DATABASE_URL: `http://127.0.0.1:${port}`,
        DAFTAR_INSTALLED: "true",
      });
      try {
        await expectUnavailable(site.url);
      } finally {
        await site.stop();
        server?.close();
      }
    }, 60_000);
  }
});

/**
 * Real storage faults: the data folder on a small tmpfs, filled up while the site runs, or remounted read-only
 * before it starts (a read-only remount is refused while a process holds files open for writing). Mounting
 * needs root (as these tests run here); elsewhere the tests are skipped.
 */
const mountable = (() => {
  const probe = mkdtempSync(path.join(tmpdir(), "daftar-mount-"));
  const ok = spawnSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe]).status === 0;
  if (ok) spawnSync("umount", [probe]);
  rmSync(probe, { recursive: true, force: true });
  return ok;
})();

/**
 * Mounts a 3 MB volume of its own at `dir` (small enough to fill), or applies `options` to it ("remount,ro").
 * The test unmounts it.
 */
function mountSmallVolume(dir: string, ...options: string[]): void {
  const args = options.length ? options : ["-t", "tmpfs", "-o", "size=3m", "tmpfs"];
  const result = spawnSync("mount", [...args, dir], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`mount ${args.join(" ")}: ${result.stderr}`);
}

describe("storage that cannot take writes", () => {
  test.skipIf(!mountable)(
    "writes are refused with 507 in the caller's language, reads keep working, writes resume, nothing is corrupted",
    async () => {
      const dataDir = folder();
      mountSmallVolume(dataDir);
      try {
        const database = path.join(dataDir, "daftar.db");
        await seedDatabaseAt(`file:${database}`);
        const site = await startSite(envOf(dataDir));
        try {
          const moderator = new ApiClient(site.url);
          await moderator.login("moderator");
          const persian = moderator.clone();
          Object.assign(persian, { locale: "fa" });
          const comment = (client: ApiClient, n: number) =>
            client.post("/api/comments/new", {
              routePath: post,
              commentBody: `Filling the disk ${n}: ${"x".repeat(1500)}`,
            });
          expect((await comment(moderator, 0)).status).toBe(201);

          // Full: whatever space is left goes to a filler file, then writes go on until one is refused.
          const filler = path.join(dataDir, "filler");
          const fd = openSync(filler, "w");
          try {
            for (;;) writeSync(fd, Buffer.alloc(16 * 1024));
          } catch {
            // ENOSPC: the disk is full.
          } finally {
            closeSync(fd);
          }
          let refused: Awaited<ReturnType<typeof comment>> | undefined;
          for (let n = 1; n <= 300 && !refused; n++) {
            const answer = await comment(moderator, n);
            if (answer.status !== 201) refused = answer;
          }
          expect(refused?.status).toBe(507);
          expect(refused?.body.message).toBe(
            "The site's storage is full, so nothing new can be saved right now. Reading still works.",
          );
          const inPersian = await comment(persian, 999);
          expect(inPersian.status).toBe(507);
          expect(inPersian.body.message).toBe(
            "فضای ذخیره‌سازی سایت پر است و فعلاً چیز تازه‌ای ذخیره نمی‌شود. خواندن همچنان ممکن است.",
          );
          expect((await fetch(site.url + post)).status).toBe(200);
          expect((await moderator.get(`/api/comments?routePath=${encodeURIComponent(post)}`)).status).toBe(200);
          // Space again: writes work again, without a restart.
          rmSync(filler);
          expect((await comment(moderator, 1000)).status).toBe(201);
        } finally {
          await site.stop();
        }
        expect((await query(database, "PRAGMA integrity_check"))[0]?.[0]).toBe("ok");
      } finally {
        spawnSync("umount", ["-l", dataDir]);
      }
    },
    120_000,
  );
  test.skipIf(!mountable)(
    "a site started on read-only storage starts, and answers 503 in the reader's language, not 500",
    async () => {
      const dataDir = folder();
      mountSmallVolume(dataDir);
      try {
        // Seeded by another process, so nothing holds the files open when the volume turns read-only.
        const seeded = spawnSync(
          process.execPath,
          [
            "--import",
            "tsx",
            "-e",
            `await (await import("./tests/helpers/seed.ts")).seedDatabaseAt(process.argv[1])`,
            `file:${path.join(dataDir, "daftar.db")}`,
          ],
          {
            cwd: path.resolve(import.meta.dirname, "../.."),
            encoding: "utf8",
            env: { ...process.env, DATA_DIR: dataDir },
          },
        );
        expect(seeded.status, seeded.stderr).toBe(0);
        mountSmallVolume(dataDir, "-o", "remount,ro");
        // SQLite cannot open a WAL database on read-only storage without its shared-memory file: the database is
        // unreachable, and the site says so.
        const site = await startSite({ ...envOf(dataDir), DAFTAR_INSTALLED: "true" });
        try {
          const page = await fetch(site.url + post);
          expect(page.status).toBe(503);
          expect(await page.text()).toContain("The site cannot reach its database right now");
          const login = await new ApiClient(site.url, "fa").post("/api/auth/login", {
            userName: "member",
            password: "password123",
          });
          expect(login.status).toBe(503);
          expect(login.body.message).toBe(
            "سایت فعلاً به پایگاه داده‌اش دسترسی ندارد. لطفاً چند لحظهٔ دیگر دوباره تلاش کنید.",
          );
        } finally {
          await site.stop();
        }
      } finally {
        spawnSync("umount", ["-l", dataDir]);
      }
    },
    120_000,
  );
});

describe("a graceful stop", () => {
  test("SIGTERM lets a request still arriving finish, refuses new connections and exits 0", async () => {
    const dataDir = folder();
    await seedDatabaseAt(envOf(dataDir).DATABASE_URL);
    const site = await startSite(envOf(dataDir));
    const moderator = new ApiClient(site.url);
    await moderator.login("moderator");
    const { port } = new URL(site.url);

    // A comment whose body arrives slowly: half of it before the signal, the rest after.
    const body = JSON.stringify({ routePath: post, commentBody: "Posted while the server was stopping." });
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    socket.write(
      [
        `POST /api/comments/new HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Origin: ${site.url}`,
        `Cookie: ${moderator.cookieHeader}`,
        `X-Locale: en`,
        `Content-Type: application/json`,
        `Content-Length: ${Buffer.byteLength(body)}`,
        "",
        body.slice(0, 20),
      ].join("\r\n"),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exit = site.kill("SIGTERM");
    while (!site.output().includes("SIGTERM received")) await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await new Promise<boolean>((resolve) => {
      const probe = connect(Number(port), "127.0.0.1");
      probe.once("connect", () => (probe.destroy(), resolve(false)));
      probe.once("error", () => resolve(true));
    });
    socket.write(body.slice(20));
    const started = Date.now();
    await closed;
    expect(answer, site.output()).toMatch(/^HTTP\/1\.1 201 /);
    // The answer closed its connection: nothing waits for a keep-alive timeout.
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(answer).toContain("Comment posted successfully");
    expect(refused).toBe(true);
    expect(await exit).toBe(0);
    const rows = await query(
      path.join(dataDir, "daftar.db"),
      "select count(*) as n from comments where body = 'Posted while the server was stopping.'",
    );
    expect(Number(rows[0]?.n)).toBe(1);
  }, 60_000);
});
