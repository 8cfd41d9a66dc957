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
        for (let round = 1; round <= PUSH_ROUNDS; round++) {
          const head = await fetchHead(repo);
          if (head && (await landedAlready(repo, head, job))) return { commit: head, alreadyThere: true };
          const base = head ? await treeOf(repo, head) : null;
          if (head && job.known && head !== job.known) await refuseConflicts(repo, job, base!);
          const tree = await editTree(repo, base, job.edits);
          if (head && tree === base) return { commit: head, alreadyThere: true };
          const commit = await writeCommit(repo, {
            tree,
            parents: head ? [head] : [],
            message: job.message,
            author: job.author,
            time: job.time,
          });
          await git.writeRef({ fs, gitdir, ref: OUTGOING, value: commit, force: true });
          try {
            const result = await git.push({
              fs,
              http,
              gitdir,
              remote: "origin",
              ref: OUTGOING,
              remoteRef,
              onAuth,
              onAuthFailure: cancel,
            });
            if (result.ok) return { commit, alreadyThere: false };
            const refused = Object.values(result.refs ?? {}).find((ref) => !ref.ok)?.error ?? result.error;
            if (round === PUSH_ROUNDS || !/fast.?forward|fetch first|stale/i.test(String(refused))) {
              throw new PushFailure("rejected", String(refused ?? "refused"), false);
            }
          } catch (error) {
            // The branch moved between reading and pushing: read it again and rebase.
            if ((error as { code?: string }).code !== "PushRejectedError" || round === PUSH_ROUNDS) throw error;
          }
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

  async function refuseConflicts(repo: Repo, job: PushJob, headTree: string): Promise<void> {
    const now = async (p: string) => blobAt(repo, headTree, p);
    let conflicts: string[];
    if (await hasObject(repo, job.known!)) {
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
      // The known commit is gone from the branch (it was rewritten): compare with what the site had instead.
      const current = new Map<string, string | null>();
      for (const p of job.edits.keys()) current.set(p, await now(p));
      conflicts = conflictsWithSite(job, (p) => current.get(p) ?? null);
    }
    if (conflicts.length) throw new PushFailure("conflict", conflicts.join(", "), true);
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
