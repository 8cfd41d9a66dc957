/**
 * The outbox of publishing: each published build owes a commit to the site's repository ("local") and, when a
 * remote host is configured, a push to it ("remote"). Whoever works on a row claims it for a while (a conditional
 * update: never two instances at once; the claim is renewed while the work lasts and runs out if the instance
 * dies, so another takes over). A failed push waits longer after each failure (10 s, 20 s, … up to an hour)
 * and is shown on the build with its reason; failures only a person can fix (a conflict, refused credentials)
 * wait for the retry button.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { instanceId } from "~/cluster/instance.server";
import { everyPeriod } from "~/cluster/leases.server";
import type { Database } from "~/db/client.server";
import { buildPushes, builds, commits } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { ServiceError } from "~/lib/service-error";
import { githubRemote } from "./git/github-remote.server";
import { gitRemote } from "./git/git-remote.server";
import { PushFailure, type RemoteHost } from "./git/remote.server";
import { buildEdits, siteRepositoryDir, syncSiteRepository } from "./git/site-repository.server";
import { knownRemoteCommit, readHostSettings, rememberRemoteCommit, type HostSettings } from "./host-settings.server";

/** How long a claim holds without being renewed (renewed every third of it while the work runs). */
export const CLAIM_MS = 15_000;
export const PUSHES_EVERY_MS = 5_000;
const BACKOFF_FIRST_MS = 10_000;
const BACKOFF_MAX_MS = 60 * 60_000;

export function backoff(attempts: number): number {
  return Math.min(BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/** Chooses the remote host's adapter; tests may put another in place. */
export function remoteFor(host: HostSettings): RemoteHost {
  return host.kind === "github" ? githubRemote(host) : gitRemote(host);
}

type PushRow = typeof buildPushes.$inferSelect;

async function claim(db: Database, row: PushRow, now: number): Promise<boolean> {
  const won = await db
    .update(buildPushes)
    .set({ claimedBy: instanceId, claimedUntil: new Date(now + CLAIM_MS), updatedAt: new Date(now) })
    .where(
      and(
        eq(buildPushes.id, row.id),
        eq(buildPushes.state, "pending"),
        or(isNull(buildPushes.claimedUntil), lt(buildPushes.claimedUntil, new Date(now))),
      ),
    )
    .returning({ id: buildPushes.id });
  return won.length === 1;
}

/** Whether a worker (of any instance) is pushing one of the build's commits now. */
export async function pushesUnderWay(db: Database, buildId: number): Promise<boolean> {
  const claimed = await db
    .select({ id: buildPushes.id })
    .from(buildPushes)
    .where(
      and(eq(buildPushes.buildId, buildId), eq(buildPushes.state, "pending"), gt(buildPushes.claimedUntil, new Date())),
    )
    .limit(1)
    .get();
  return claimed !== undefined;
}

/** Keeps the claim while `work` runs. */
async function holding<T>(db: Database, id: number, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => {
    void db
      .update(buildPushes)
      .set({ claimedUntil: new Date(Date.now() + CLAIM_MS) })
      .where(and(eq(buildPushes.id, id), eq(buildPushes.claimedBy, instanceId)))
      .catch(() => undefined);
  }, CLAIM_MS / 3);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/**
 * The reason a push failed, as the build shows it: a catalog key with its values, as JSON. Only the site's own
 * file names go with it (a conflict); what the host answered stays in the server's log.
 */
export interface PushErrorView {
  key:
    | "push.conflict"
    | "push.unrelated"
    | "push.auth"
    | "push.notAllowed"
    | "push.notFound"
    | "push.unreachable"
    | "push.rejected"
    | "push.emptyGithub"
    | "push.noHost"
    | "push.other";
  files?: string;
}

function errorView(failure: PushFailure): PushErrorView {
  if (failure.kind === "conflict") return { key: "push.conflict", files: failure.detail };
  return { key: `push.${failure.kind}` };
}

async function pushJob(db: Database, buildId: number, host: HostSettings) {
  const build = await db.select().from(builds).where(eq(builds.id, buildId)).get();
  if (!build) throw new PushFailure("other", "the build is gone", true);
  const rows = await db.select().from(commits).where(eq(commits.buildId, buildId)).all();
  const previous = new Map<string, string | null>();
  for (const row of rows) {
    if (row.fromPath) previous.set(row.fromPath, row.previous);
    previous.set(row.path, row.fromPath ? null : row.previous);
  }
  return {
    title: `Build ${build.name}`,
    message: build.message ?? `Build ${build.name}\n`,
    author: { name: build.authorName ?? "", email: build.authorEmail ?? "" },
    time: Math.floor((build.publishedAt?.getTime() ?? Date.now()) / 1000),
    edits: await buildEdits(db, buildId),
    previous,
    known: await knownRemoteCommit(db, host),
    site: { gitdir: siteRepositoryDir(), commits: await siteCommitsUpTo(db, build.sequence) },
  };
}

/** The site's commits, oldest first, up to the build at `sequence` (each made before the build's remote push). */
async function siteCommitsUpTo(db: Database, sequence: number | null): Promise<string[]> {
  if (sequence === null) throw new PushFailure("other", "the build has no place in the history", true);
  const rows = await db
    .select({ commit: builds.localCommit })
    .from(builds)
    .where(and(isNotNull(builds.sequence), lte(builds.sequence, sequence)))
    .orderBy(asc(builds.sequence))
    .all();
  if (rows.some((row) => !row.commit)) throw new PushFailure("other", "the site's commit is not made yet", false);
  return rows.map((row) => row.commit!);
}

/** Does one claimed row's work and records how it went. */
async function work(db: Database, row: PushRow, remote: (host: HostSettings) => RemoteHost): Promise<void> {
  const now = new Date();
  try {
    let commitId: string | null;
    if (row.target === "local") {
      await syncSiteRepository(db);
      const build = await db.select({ c: builds.localCommit }).from(builds).where(eq(builds.id, row.buildId)).get();
      commitId = build?.c ?? null;
    } else {
      const host = await readHostSettings(db);
      if (host.kind === "local") throw new PushFailure("other", "no remote", true);
      // The site's commits are sent from this instance's own copy, which another instance's publishing may have
      // left behind (one query when it is up to date).
      await syncSiteRepository(db);
      const outcome = await remote(host).push(await pushJob(db, row.buildId, host));
      commitId = outcome.commit;
      await rememberRemoteCommit(db, host, outcome.commit);
      await db
        .update(builds)
        .set({ remoteCommit: outcome.commit, pushedAt: now, updatedAt: now })
        .where(eq(builds.id, row.buildId));
    }
    await writeTransaction(db, async (tx) => {
      await tx
        .update(buildPushes)
        .set({ state: "done", commitId, lastError: null, claimedBy: null, claimedUntil: null, updatedAt: new Date() })
        .where(eq(buildPushes.id, row.id));
      await settleStatus(tx, row.buildId);
    });
  } catch (thrown) {
    const failure =
      thrown instanceof PushFailure
        ? thrown.kind === "other" && thrown.detail === "no remote"
          ? Object.assign(thrown, { view: { key: "push.noHost" } as PushErrorView })
          : thrown
        : new PushFailure("other", String((thrown as Error)?.message ?? thrown).slice(0, 300), false);
    if (!(thrown instanceof PushFailure)) console.error(`Pushing build ${row.buildId} (${row.target}) failed:`, thrown);
    else if (failure.kind !== "conflict") {
      console.warn(`Pushing build ${row.buildId} (${row.target}) failed: ${failure.kind}: ${failure.detail}`);
    }
    const attempts = row.attempts + 1;
    const view = (failure as PushFailure & { view?: PushErrorView }).view ?? errorView(failure);
    await writeTransaction(db, async (tx) => {
      await tx
        .update(buildPushes)
        .set({
          state: failure.permanent ? "failed" : "pending",
          attempts,
          nextAttemptAt: new Date(Date.now() + backoff(attempts)),
          lastError: JSON.stringify(view),
          claimedBy: null,
          claimedUntil: null,
          updatedAt: new Date(),
        })
        .where(eq(buildPushes.id, row.id));
      await settleStatus(tx, row.buildId);
    });
  }
}

/**
 * Sets a build's status from its pushes: published when all are done, failed when one has failed (or waits to try
 * again after failing, its error shown), else publishing. One statement, so that it reads the pushes as they are
 * when it writes; a worker runs it in the transaction that records its push's outcome, so a reader never sees a
 * push done and its build still publishing, and an instance that dies between the two leaves neither.
 */
async function settleStatus(db: Database, buildId: number): Promise<void> {
  const pushes = sql`select 1 from ${buildPushes} where ${buildPushes.buildId} = ${buildId}`;
  const failing = sql`(${buildPushes.state} = 'failed' or (${buildPushes.state} = 'pending' and ${buildPushes.attempts} > 0))`;
  await db
    .update(builds)
    .set({
      status: sql`case when not exists (${pushes} and ${buildPushes.state} <> 'done') then 'published'
        when exists (${pushes} and ${failing}) then 'failed' else 'publishing' end`,
      error: sql`(select ${buildPushes.lastError} from ${buildPushes} where ${buildPushes.buildId} = ${buildId}
        and ${failing} order by ${buildPushes.id} limit 1)`,
      updatedAt: new Date(),
    })
    .where(and(eq(builds.id, buildId), inArray(builds.status, ["publishing", "published", "failed"])));
}

/**
 * Works through the rows that are due (of one build, or all), oldest build first, the local commit before the
 * remote push. Rows claimed by another instance are left to it.
 */
export async function processPushes(
  db: Database,
  { buildId, remote = remoteFor }: { buildId?: number; remote?: (host: HostSettings) => RemoteHost } = {},
): Promise<void> {
  const now = Date.now();
  const due = await db
    .select()
    .from(buildPushes)
    .where(
      and(
        eq(buildPushes.state, "pending"),
        lte(buildPushes.nextAttemptAt, new Date(now)),
        buildId === undefined ? undefined : eq(buildPushes.buildId, buildId),
      ),
    )
    .orderBy(asc(buildPushes.buildId), asc(buildPushes.id))
    .all();
  // Remote pushes go in publishing order: a later build's files must not reach the remote before an earlier one's.
  const firstRemote = await db
    .select({ buildId: buildPushes.buildId })
    .from(buildPushes)
    .where(and(eq(buildPushes.target, "remote"), or(eq(buildPushes.state, "pending"), eq(buildPushes.state, "failed"))))
    .orderBy(asc(buildPushes.buildId))
    .limit(1)
    .get();
  const blocked = new Set<number>();
  for (const row of due) {
    if (blocked.has(row.buildId)) continue;
    if (row.target === "remote" && row.buildId !== firstRemote?.buildId) continue;
    if (!(await claim(db, row, Date.now()))) {
      blocked.add(row.buildId);
      continue;
    }
    await holding(db, row.id, () => work(db, row, remote));
    const after = await db.select().from(buildPushes).where(eq(buildPushes.id, row.id)).get();
    if (after?.state !== "done") blocked.add(row.buildId);
  }
}

/** The retry button: the build's failed pushes are due now (and their wait is forgotten). */
export async function retryPushes(db: Database, buildId: number): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const build = await tx.select().from(builds).where(eq(builds.id, buildId)).get();
    if (!build || build.kind === "baseline") throw new ServiceError(404, "builds.error.notFound");
    if (build.status !== "failed" && build.status !== "publishing") {
      throw new ServiceError(409, build.status === "open" ? "builds.error.notFailed" : "builds.error.alreadyPublished");
    }
    await tx
      .update(buildPushes)
      .set({ state: "pending", nextAttemptAt: new Date(), updatedAt: new Date() })
      .where(
        and(eq(buildPushes.buildId, buildId), or(eq(buildPushes.state, "failed"), eq(buildPushes.state, "pending"))),
      );
    await tx.update(builds).set({ status: "publishing", updatedAt: new Date() }).where(eq(builds.id, buildId));
  });
}

/** The outbox worked through on whichever instance holds the period's lease, every few seconds. */
export function startPushing(): () => Promise<void> {
  return everyPeriod("build-pushes", PUSHES_EVERY_MS, (db) => processPushes(db), { firstAfterMs: 1_000 });
}
