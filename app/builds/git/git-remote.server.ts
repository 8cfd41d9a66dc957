/**
 * A git remote over HTTP(S), through isomorphic-git: a bare clone of the branch in DATA_DIR (fetched before each
 * push), the build's commit made on the remote's head, pushed without force.
 */
import { gitFs as fs } from "./git-fs.server";
import path from "node:path";
import git from "isomorphic-git";
import { config } from "~/config.server";
import { gitHttpClient } from "~/lib/outbound.server";
import type { HostSettings } from "../host-settings.server";
import { remoteKey } from "../host-settings.server";
import {
  blobAt,
  blobId,
  editTree,
  filesUnder,
  hasObject,
  openRepo,
  readObjectBytes,
  readText,
  treeOf,
  writeCommit,
  type Repo,
} from "./objects.server";
import {
  conflictingPaths,
  conflictsWithSite,
  PUSH_ROUNDS,
  PushFailure,
  pushFailureOf,
  type PushJob,
  type PushOutcome,
  type RemoteHost,
  type RemoteSnapshot,
} from "./remote.server";

const OUTGOING = "refs/heads/daftar-outgoing";

export function gitRemote(host: HostSettings): RemoteHost {
  // Every request through the outbound module: the host's address checked, redirects checked, time and size limits.
  const http = gitHttpClient("gitHost");
  const gitdir = path.join(config().dataDir, "remotes", `${remoteKey(host)}.git`);
  const onAuth = () => ({ username: host.username || "git", password: host.token });
  const remoteRef = `refs/heads/${host.branch}`;

  const open = async (): Promise<Repo> => {
    if (!fs.existsSync(path.join(gitdir, "HEAD"))) {
      await fs.promises.mkdir(gitdir, { recursive: true });
      await git.init({ fs, gitdir, bare: true, defaultBranch: host.branch });
    }
    // The clone's one remote: fetches need its refspec. (Credentials never go into the address: see onAuth.)
    await git.addRemote({ fs, gitdir, remote: "origin", url: host.url, force: true });
    return openRepo(gitdir);
  };

  /** The branch's commit on the remote (null when it has none), fetched into the clone. */
  const fetchHead = async (repo: Repo): Promise<string | null> => {
    const refs = await git.listServerRefs({ http, url: host.url, prefix: remoteRef, onAuth, onAuthFailure: cancel });
    const head = refs.find((ref) => ref.ref === remoteRef)?.oid ?? null;
    if (head && !(await hasObject(repo, head))) {
      await git.fetch({
        fs,
        http,
        gitdir,
        remote: "origin",
        ref: host.branch,
        singleBranch: true,
        tags: false,
        onAuth,
        onAuthFailure: cancel,
      });
    }
    return head;
  };

  return {
    async push(job: PushJob): Promise<PushOutcome> {
      return attempt(async () => {
        const repo = await open();
        const site = openRepo(job.site.gitdir);
        const order = new Map(job.site.commits.map((commit, i) => [commit, i]));
        const target = job.site.commits.at(-1)!;
        for (let round = 1; round <= PUSH_ROUNDS; round++) {
          const head = await fetchHead(repo);
          if (head === null || order.has(head)) {
            // Missing, or the site's own history: it gets the site's commits it lacks, as they are.
            if (head === target) return { commit: target, alreadyThere: true };
            await copyCommits(site, repo, job.site.commits.slice(head === null ? 0 : order.get(head)! + 1));
            if (await send(repo, target, round)) return { commit: target, alreadyThere: false };
            continue;
          }
          if (job.known === null && !(await holdsAnyOf(repo, head, order))) {
            throw new PushFailure("unrelated", `the branch's head ${head} holds none of the site's commits`, true);
          }
          if (await landedAlready(repo, head, job)) return { commit: head, alreadyThere: true };
          const base = await treeOf(repo, head);
          if (head !== job.known) await refuseConflicts(repo, job, base);
          const tree = await editTree(repo, base, job.edits);
          if (tree === base) return { commit: head, alreadyThere: true };
          const commit = await writeCommit(repo, {
            tree,
            parents: [head],
            message: job.message,
            author: job.author,
            time: job.time,
          });
          if (await send(repo, commit, round)) return { commit, alreadyThere: false };
        }
        throw new PushFailure("rejected", "the branch kept moving", false);
      });
    },

    async snapshot(known: string | null): Promise<RemoteSnapshot> {
      return attempt(async () => {
        const repo = await open();
        const head = await fetchHead(repo);
        const files = new Map<string, { blob: string; read(): Promise<string> }>();
        if (head) {
          for (const [file, blob] of await filesUnder(repo, await treeOf(repo, head), "content")) {
            files.set(file, { blob, read: () => readText(repo, blob) });
          }
        }
        const knownFiles =
          known && (await hasObject(repo, known)) ? await filesUnder(repo, await treeOf(repo, known), "content") : null;
        return { head, files, knownFiles };
      });
    },
  };

  /**
   * Pushes `commit` to the branch without force: true when it landed, false when the branch moved meanwhile (read
   * it again), a failure otherwise.
   */
  async function send(repo: Repo, commit: string, round: number): Promise<boolean> {
    await git.writeRef({ fs, gitdir: repo.gitdir, ref: OUTGOING, value: commit, force: true });
    try {
      const result = await git.push({
        fs,
        http,
        gitdir: repo.gitdir,
        remote: "origin",
        ref: OUTGOING,
        remoteRef,
        onAuth,
        onAuthFailure: cancel,
      });
      if (result.ok) return true;
      const refused = Object.values(result.refs ?? {}).find((ref) => !ref.ok)?.error ?? result.error;
      if (round === PUSH_ROUNDS || !/fast.?forward|fetch first|stale/i.test(String(refused))) {
        throw new PushFailure("rejected", String(refused ?? "refused"), false);
      }
      return false;
    } catch (error) {
      // The branch moved between reading and pushing.
      if ((error as { code?: string }).code !== "PushRejectedError" || round === PUSH_ROUNDS) throw error;
      return false;
    }
  }

  async function refuseConflicts(repo: Repo, job: PushJob, headTree: string): Promise<void> {
    const now = async (p: string) => blobAt(repo, headTree, p);
    let conflicts: string[];
    if (job.known && (await hasObject(repo, job.known))) {
      const knownTree = await treeOf(repo, job.known!);
      const before = new Map<string, string | null>();
      const current = new Map<string, string | null>();
      for (const p of job.edits.keys()) {
        before.set(p, await blobAt(repo, knownTree, p));
        current.set(p, await now(p));
      }
      conflicts = conflictingPaths(
        job.edits,
        (p) => before.get(p),
        (p) => current.get(p) ?? null,
      );
    } else {
      // No known commit, or it is gone from the branch (rewritten): compare with what the site had instead.
      const current = new Map<string, string | null>();
      for (const p of job.edits.keys()) current.set(p, await now(p));
      conflicts = conflictsWithSite(job, (p) => current.get(p) ?? null);
    }
    if (conflicts.length) throw new PushFailure("conflict", conflicts.join(", "), true);
  }
}

/** How many of a branch's commits are read looking for one of the site's before it is called unrelated. */
const RELATED_WITHIN = 10_000;

/** Whether the history of `head` (in the clone) holds one of the site's commits, within RELATED_WITHIN commits. */
async function holdsAnyOf(repo: Repo, head: string, site: ReadonlyMap<string, number>): Promise<boolean> {
  const seen = new Set<string>();
  const queue = [head];
  while (queue.length && seen.size < RELATED_WITHIN) {
    const oid = queue.pop()!;
    if (seen.has(oid)) continue;
    if (site.has(oid)) return true;
    seen.add(oid);
    const { commit } = await git.readCommit({ fs, gitdir: repo.gitdir, oid, cache: repo.cache });
    queue.push(...commit.parent);
  }
  return false;
}

/**
 * Copies the site's `commits` (oldest first) and every object of theirs the clone lacks from the site's
 * repository into the clone, so that they can be pushed as they are. An object is written after everything it
 * names, so a tree the clone holds holds all of its files.
 */
async function copyCommits(from: Repo, to: Repo, commits: readonly string[]): Promise<void> {
  const copy = async (oid: string) => {
    const { type, object } = await readObjectBytes(from, oid);
    await git.writeObject({ fs, gitdir: to.gitdir, type: type as "blob", object, format: "content" });
  };
  const copyTree = async (oid: string): Promise<void> => {
    if (await hasObject(to, oid)) return;
    const { tree } = await git.readTree({ fs, gitdir: from.gitdir, oid, cache: from.cache });
    for (const entry of tree) {
      if (entry.type === "tree") await copyTree(entry.oid);
      else if (entry.type === "blob" && !(await hasObject(to, entry.oid))) await copy(entry.oid);
    }
    await copy(oid);
  };
  for (const oid of commits) {
    if (await hasObject(to, oid)) continue;
    const { commit } = await git.readCommit({ fs, gitdir: from.gitdir, oid, cache: from.cache });
    await copyTree(commit.tree);
    await copy(oid);
  }
}

function cancel() {
  return { cancel: true };
}

/**
 * Whether the build's commit is the head or one of its last parents (an earlier attempt got through): its title,
 * and a file it writes as the build writes it.
 */
async function landedAlready(repo: Repo, head: string, job: PushJob): Promise<boolean> {
  const [sample, content] = job.edits.entries().next().value ?? [];
  let oid: string | undefined = head;
  for (let depth = 0; oid && depth < 20; depth++) {
    const { commit } = await git.readCommit({ fs, gitdir: repo.gitdir, oid, cache: repo.cache });
    if (commit.message.split("\n")[0] === job.title) {
      if (sample === undefined) return true;
      return (await blobAt(repo, commit.tree, sample)) === (content == null ? null : blobId(content));
    }
    oid = commit.parent[0];
  }
  return false;
}

/** Runs git work, turning what went wrong into a PushFailure a person can act on. */
async function attempt<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw classify(error);
  }
}

export function classify(error: unknown): PushFailure {
  if (error instanceof PushFailure) return error;
  const outbound = pushFailureOf(error);
  if (outbound) return outbound;
  const e = error as { code?: string; data?: { statusCode?: number; reason?: string }; message?: string };
  if (e.code === "UserCanceledError") return new PushFailure("auth", "", true);
  if (e.code === "HttpError") {
    const status = e.data?.statusCode ?? 0;
    if (status === 401 || status === 403) return new PushFailure("auth", String(status), true);
    if (status === 404) return new PushFailure("notFound", "repository not found (404)", true);
    return new PushFailure("unreachable", `HTTP ${status}`, false);
  }
  if (e.code === "PushRejectedError") return new PushFailure("rejected", e.data?.reason ?? "rejected", false);
  return new PushFailure(
    "other",
    String(e.message ?? error)
      .split("\n")[0]!
      .slice(0, 300),
    false,
  );
}
