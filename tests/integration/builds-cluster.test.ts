/**
 * Builds on two app instances (each with its own data folder) sharing one libSQL server: opening "the" open build
 * from both at once gives one; publishing the same build from both at once publishes it once and makes one commit
 * on the git host; and each instance's own copy of the site's repository converges to the same history, commit
 * ids included, within a couple of seconds.
 */
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type DatabaseConnection } from "~/db/client.server";
import { builds } from "~/db/schema";
import { startSqld, type Sqld } from "../../scripts/sqld";
import { ApiClient } from "../helpers/api-client";
import { clone, git, startGitServer, type GitServer } from "../helpers/git";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite, type SiteProcess } from "../helpers/site-process";
import { within } from "../helpers/within";
import { pageFields } from "../helpers/front-matter";

// The git server runs on loopback: the operator allows it, as for a host on their own network.
process.env.GIT_HOST_ALLOW_PRIVATE = "127.0.0.0/8";

const TOKEN = "cluster-git-token";
let sqld: Sqld;
let a: SiteProcess;
let b: SiteProcess;
let gitServer: GitServer;
let db: DatabaseConnection;
let onA: ApiClient;
let onB: ApiClient;

beforeAll(async () => {
  sqld = await startSqld({ dbPath: path.join(process.env.DATA_DIR!, "builds-sqld") });
  await seedDatabaseAt(sqld.url);
  gitServer = await startGitServer(TOKEN);
  await gitServer.createRepository("shared", { "README.md": "# Shared\n" });
  [a, b] = await Promise.all([startSite({ DATABASE_URL: sqld.url }), startSite({ DATABASE_URL: sqld.url })]);
  db = await openDatabase(sqld.url);
  onA = new ApiClient(a.url);
  onB = new ApiClient(b.url);
  await Promise.all([onA.login("admin"), onB.login("editor")]);
}, 90_000);

afterAll(async () => {
  db?.client.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await sqld?.stop();
  await gitServer?.close();
});

describe("two instances", () => {
  test("saves made at once on both instances land in one open build", async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? onB : onA).post("/api/builds/commit", {
          action: "save",
          locale: "en",
          path: `/notes/both-${i}`,
          frontMatter: pageFields(`Both ${i}`),
          markdown: `Saved through instance ${i % 2 ? "B" : "A"}.`,
          baseHash: null,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const open = await db.db.select().from(builds).where(eq(builds.status, "open")).all();
    expect(open).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.body.buildId))).toEqual(new Set([open[0]!.id]));
  });

  test("the same build published from both at once is published once, as one commit on the host", async () => {
    expect(
      (
        await onA.put("/api/builds/host", {
          kind: "git",
          url: `${gitServer.url}/shared.git`,
          branch: "main",
          token: TOKEN,
        })
      ).status,
    ).toBe(200);
    // The host's branch holds a history of its own: the owner imports it first, and the builds go on top of it.
    expect((await onA.post("/api/builds/import")).status).toBe(200);
    const before = Number(await git(gitServer.root, "--git-dir=shared.git", "rev-list", "--count", "main"));
    const buildId = (await db.db.select().from(builds).where(eq(builds.status, "open")).get())!.id;
    const answers = await Promise.all([
      onA.post("/api/builds/run", { buildId }),
      onB.post("/api/builds/run", { buildId }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const row = await within(10_000, async () => {
      const found = await db.db.select().from(builds).where(eq(builds.id, buildId)).get();
      return found?.status === "published" ? found : undefined;
    });
    const after = Number(await git(gitServer.root, "--git-dir=shared.git", "rev-list", "--count", "main"));
    expect(after - before).toBe(1);
    expect(await git(gitServer.root, "--git-dir=shared.git", "rev-parse", "main")).toBe(row.remoteCommit);
    // Live on both instances.
    for (const site of [a, b]) {
      expect(await (await fetch(`${site.url}/en/notes/both-3`)).text()).toContain("Saved through instance B.");
    }
  });

  test("each instance's repository has the same history, to the commit id", async () => {
    const row = (await db.db.select().from(builds).where(eq(builds.status, "published")).all()).find(
      (b) => b.kind === "edit",
    )!;
    // Each instance's own copy: the site's history (drafts included), at the recorded commit.
    const heads = await within(5_000, async () => {
      const seen = await Promise.all(
        [a, b].map((site) =>
          git(path.join(site.dataDir, "repository", "content.git"), "rev-parse", "main").catch(() => ""),
        ),
      );
      return seen.every((head) => head === row.localCommit) ? seen : undefined;
    });
    expect(heads).toEqual([row.localCommit, row.localCommit]);
    // What each serves (the public history, made by each from the site's): the same commits.
    const [fromA, fromB] = await Promise.all([a, b].map((site) => clone(`${site.url}/git/content.git`)));
    expect(await git(fromA!, "log", "--format=%H %an %s")).toBe(await git(fromB!, "log", "--format=%H %an %s"));
    expect(await git(fromA!, "log", "-1", "--format=%s")).toBe(`Build ${row.name}`);
  });

  test("a build published through one instance reaches the other's repository within two seconds", async () => {
    const answer = await onB.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: "/notes/from-b",
      frontMatter: pageFields("From B"),
      markdown: "Written on B.",
      baseHash: null,
    });
    const buildId = answer.body.buildId as number;
    expect((await onB.post("/api/builds/run", { buildId })).status).toBe(200);
    const row = (await db.db.select().from(builds).where(eq(builds.id, buildId)).get())!;
    // A's copy follows from the change log: its repository answers with the new commit without being asked to
    // sync (advertising refs would sync it, so the files are read directly).
    const took = await within(2_000, async () => {
      const head = await git(path.join(a.dataDir, "repository", "content.git"), "rev-parse", "main").catch(() => "");
      return head === row.localCommit;
    });
    expect(took).toBe(true);
  });
});
