/**
 * Publishing loses nothing when the server is killed (SIGKILL: no chance to clean up) in the middle of it, run as
 * `npm start` runs it. Killed during the publishing transaction, the site shows all of the build or none of it;
 * killed while the build is being pushed to the git host, the restarted site finishes the push from its outbox,
 * and the host gets the build's commit exactly once. Either way, the site's own repository and the host converge.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type DatabaseConnection } from "~/db/client.server";
import { buildPushes, builds, pages } from "~/db/schema";
import { ApiClient } from "../helpers/api-client";
import { clone, git, startGitServer, tempDir, type GitServer } from "../helpers/git";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite, type SiteProcess } from "../helpers/site-process";
import { within } from "../helpers/within";

// The git server runs on loopback: the operator allows it, as for a host on their own network.
process.env.GIT_HOST_ALLOW_PRIVATE = "127.0.0.0/8";

const TOKEN = "crash-test-token";
let gitServer: GitServer;
let dataDir: string;
let databaseUrl: string;
let site: SiteProcess;
let db: DatabaseConnection;

/** Starts the site on the data folder, after ending the one before (killed or still running). */
async function start(): Promise<ApiClient> {
  await site?.stop();
  site = await startSite({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const client = new ApiClient(site.url);
  await client.login("admin");
  return client;
}

/**
 * Saves `count` new pages into the open build, four at a time (the first alone: it opens the build); their
 * addresses.
 */
async function newPages(client: ApiClient, prefix: string, count: number): Promise<string[]> {
  const paths = Array.from({ length: count }, (_, i) => `/notes/${prefix}-${i}`);
  const save = async (i: number) => {
    const answer = await client.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: paths[i],
      frontMatter: {
        title: `${prefix} ${i}`,
        description: "",
        tags: [],
        toc: false,
        comments: false,
        draft: false,
        intro: false,
      },
      markdown: `Page ${i} of ${prefix}.\n\n${"Some text. ".repeat(40)}`,
      baseHash: null,
    });
    expect(answer.status).toBe(201);
  };
  await save(0);
  let next = 1;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) await save(next++);
    }),
  );
  return paths;
}

async function livePages(paths: string[]): Promise<number> {
  const rows = await db.db.select({ path: pages.path }).from(pages).where(eq(pages.locale, "en")).all();
  const present = new Set(rows.map((r) => r.path));
  return paths.filter((p) => present.has(p)).length;
}

async function openBuildId(): Promise<number> {
  return (await db.db.select({ id: builds.id }).from(builds).where(eq(builds.status, "open")).get())!.id;
}

beforeAll(async () => {
  gitServer = await startGitServer(TOKEN);
  await gitServer.createRepository("site", { "README.md": "# Site\n" });
  dataDir = tempDir("crash-site");
  databaseUrl = `file:${path.join(dataDir, "daftar.db")}`;
  await seedDatabaseAt(databaseUrl);
  db = await openDatabase(databaseUrl);
}, 60_000);

afterAll(async () => {
  await site?.stop();
  db?.client.close();
  await gitServer?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("killed in the middle of publishing", () => {
  test("during the publishing transaction: all of the build or none of it, then it converges", async () => {
    let client = await start();
    // Killed at several points of one publish; each time the build is either untouched or entirely live.
    for (const delay of [5, 300, 700, 1200, 2500]) {
      const paths = await newPages(client, `crash${delay}`, 100);
      const buildId = await openBuildId();
      void client.post("/api/builds/run", { buildId }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, delay));
      await site.kill("SIGKILL");
      const live = await livePages(paths);
      const build = (await db.db.select().from(builds).where(eq(builds.id, buildId)).get())!;
      console.log(`killed ${delay} ms after asking to publish: ${live} of 100 pages live, build ${build.status}`);
      expect([0, 100], `killed after ${delay} ms: ${live} of 100 pages live`).toContain(live);
      expect(build.status === "open").toBe(live === 0);
      client = await start();
      if (live === 0) {
        // Nothing happened: publishing again works.
        const answer = await client.post("/api/builds/run", { buildId });
        expect(answer.status).toBe(200);
      }
      // The restarted site's repository has the build's commit.
      await within(20_000, async () => {
        const row = await db.db.select().from(builds).where(eq(builds.id, buildId)).get();
        return row?.status === "published" && row.localCommit;
      });
      expect(await livePages(paths)).toBe(100);
      const row = (await db.db.select().from(builds).where(eq(builds.id, buildId)).get())!;
      expect(await git(path.join(site.dataDir, "repository", "content.git"), "rev-parse", "main")).toBe(
        row.localCommit,
      );
      const repo = await clone(`${site.url}/git/content.git`);
      try {
        expect(await git(repo, "log", "-1", "--format=%s")).toBe(`Build ${row.name}`);
      } finally {
        rmSync(path.dirname(repo), { recursive: true, force: true });
      }
    }
  }, 240_000);

  test("while pushing to the git host: the restarted site finishes the push, and the host gets one commit", async () => {
    const client = await start();
    const remote = `${gitServer.url}/site.git`;
    expect(
      (await client.put("/api/builds/host", { kind: "git", url: remote, branch: "main", token: TOKEN })).status,
    ).toBe(200);
    // The host's branch holds a history of its own: the owner imports it first, and the builds go on top of it.
    expect((await client.post("/api/builds/import")).status).toBe(200);
    // Every earlier build reaches the host first: the outbox keeps publishing order.
    await newPages(client, "before", 2);
    expect((await client.post("/api/builds/run", { buildId: await openBuildId() })).status).toBe(200);
    const before = await git(gitServer.root, "--git-dir=site.git", "rev-list", "--count", "main");

    const paths = await newPages(client, "pushing", 5);
    const buildId = await openBuildId();
    gitServer.delayPushMs = 3_000;
    const received = gitServer.pushesReceived;
    void client.post("/api/builds/run", { buildId }).catch(() => undefined);
    await within(20_000, async () => gitServer.pushesReceived > received);
    await site.kill("SIGKILL");
    gitServer.delayPushMs = 0;
    // Live already (the transaction committed before the push began); the push is owed in the outbox.
    expect(await livePages(paths)).toBe(5);
    const owed = await db.db
      .select()
      .from(buildPushes)
      .where(and(eq(buildPushes.buildId, buildId), eq(buildPushes.target, "remote")))
      .get();
    expect(owed?.state).toBe("pending");

    await start();
    // The dead instance's claim runs out, then the outbox work is picked up again.
    const row = await within(45_000, async () => {
      const found = await db.db.select().from(builds).where(eq(builds.id, buildId)).get();
      return found?.status === "published" ? found : undefined;
    });
    const after = await git(gitServer.root, "--git-dir=site.git", "rev-list", "--count", "main");
    expect(Number(after) - Number(before)).toBe(1);
    expect(await git(gitServer.root, "--git-dir=site.git", "log", "-1", "--format=%s", "main")).toBe(
      `Build ${row.name}`,
    );
    expect(await git(gitServer.root, "--git-dir=site.git", "rev-parse", "main")).toBe(row.remoteCommit);
  }, 120_000);
});
