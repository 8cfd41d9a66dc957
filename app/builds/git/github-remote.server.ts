/**
 * GitHub through its git-data API (Octokit): the branch's ref, its commit and tree, a new tree made on it with
 * the build's files, one commit, and the ref moved to it without force. No clone: a handful of requests. A branch
 * that does not exist yet (in a repository that has commits: GitHub's API cannot write to an empty one) is made
 * from the site's history, commit by commit from the same facts, so that it holds the site's repository.
 */
import git from "isomorphic-git";
import { Octokit } from "@octokit/rest";
import { outboundFetch } from "~/lib/outbound.server";
import { githubRepoOf } from "../host-schema";
import { DEFAULT_GITHUB_API, type HostSettings } from "../host-settings.server";
import { gitFs as fs } from "./git-fs.server";
import { blobId, filesUnder, openRepo, readObjectBytes } from "./objects.server";
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

interface TreeItem {
  path?: string;
  type?: string;
  sha?: string | null;
}

export function githubRemote(host: HostSettings): RemoteHost {
  const target = githubRepoOf(host.url);
  if (!target) throw new PushFailure("other", "not a GitHub repository address", true);
  const { owner, repo } = target;
  const octokit = new Octokit({
    auth: host.token,
    baseUrl: (host.apiUrl || DEFAULT_GITHUB_API).replace(/\/+$/, ""),
    userAgent: "daftar",
    // Every request through the outbound module: the API address checked (the token goes nowhere else), time
    // and size limits, redirects checked and never carrying the token to another origin.
    request: { retries: 0, fetch: outboundFetch("gitHost") },
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
  const ref = `heads/${host.branch}`;

  const head = async (): Promise<string | null> => {
    try {
      const { data } = await octokit.rest.git.getRef({ owner, repo, ref });
      return data.object.sha;
    } catch (error) {
      if (status(error) === 404 || status(error) === 409) return null;
      throw error;
    }
  };

  const commitOf = async (sha: string) => (await octokit.rest.git.getCommit({ owner, repo, commit_sha: sha })).data;

  /** Files by path (blob shas) in a commit's tree, under content/ unless `all`. */
  const files = async (treeSha: string): Promise<Map<string, string>> => {
    const { data } = await octokit.rest.git.getTree({ owner, repo, tree_sha: treeSha, recursive: "true" });
    if (data.truncated) throw new PushFailure("other", "the repository's tree is too large for GitHub's API", true);
    const map = new Map<string, string>();
    for (const item of data.tree as TreeItem[]) {
      if (item.type === "blob" && item.path && item.sha) map.set(item.path, item.sha);
    }
    return map;
  };

  /** The build's commit among the branch's last ones: its title, and a file it writes as the build writes it. */
  const landedAlready = async (sha: string, job: PushJob): Promise<boolean> => {
    const [sample, content] = job.edits.entries().next().value ?? [];
    let current: string | undefined = sha;
    for (let depth = 0; current && depth < 5; depth++) {
      const commit = await commitOf(current);
      if (commit.message.split("\n")[0] === job.title) {
        if (sample === undefined) return true;
        return ((await files(commit.tree.sha)).get(sample) ?? null) === (content == null ? null : blobId(content));
      }
      current = commit.parents[0]?.sha;
    }
    return false;
  };

  return {
    async push(job: PushJob): Promise<PushOutcome> {
      return attempt(async () => {
        for (let round = 1; round <= PUSH_ROUNDS; round++) {
          const parent = await head();
          if (parent === null) {
            await refuseEmpty();
            const made = await replay(job);
            try {
              await octokit.rest.git.createRef({ owner, repo, ref: `refs/${ref}`, sha: made });
              return { commit: made, alreadyThere: false };
            } catch (error) {
              // 422: the branch was made meanwhile. Read it again.
              if (status(error) !== 422 || round === PUSH_ROUNDS) throw error;
              continue;
            }
          }
          if (parent && (await landedAlready(parent, job))) return { commit: parent, alreadyThere: true };
          const parentCommit = parent ? await commitOf(parent) : null;
          const present = parentCommit ? await files(parentCommit.tree.sha) : new Map<string, string>();
          if (parent && job.known && parent !== job.known) {
            let knownFiles: Map<string, string> | null = null;
            try {
              knownFiles = await files((await commitOf(job.known)).tree.sha);
            } catch (error) {
              if (status(error) !== 404 && status(error) !== 422) throw error;
            }
            const conflicts = knownFiles
              ? conflictingPaths(
                  job.edits,
                  (p) => knownFiles!.get(p) ?? null,
                  (p) => present.get(p) ?? null,
                )
              : conflictsWithSite(job, (p) => present.get(p) ?? null);
            if (conflicts.length) throw new PushFailure("conflict", conflicts.join(", "), true);
          }
          const entries = await Promise.all(
            [...job.edits]
              // Deleting a file the branch does not have is nothing to do (and the API refuses it).
              .filter(([path, content]) => content !== null || present.has(path))
              .map(async ([path, content]) => {
                if (content === null) return { path, mode: "100644" as const, type: "blob" as const, sha: null };
                if (typeof content === "string")
                  return { path, mode: "100644" as const, type: "blob" as const, content };
                // A binary file (an image) cannot be a tree entry's text: it is uploaded as a blob first.
                const { data: blob } = await octokit.rest.git.createBlob({
                  owner,
                  repo,
                  content: Buffer.from(content).toString("base64"),
                  encoding: "base64",
                });
                return { path, mode: "100644" as const, type: "blob" as const, sha: blob.sha };
              }),
          );
          const { data: tree } = await octokit.rest.git.createTree({
            owner,
            repo,
            tree: entries,
            ...(parentCommit ? { base_tree: parentCommit.tree.sha } : {}),
          });
          if (parent && tree.sha === parentCommit!.tree.sha) return { commit: parent, alreadyThere: true };
          const person = {
            name: job.author.name,
            email: job.author.email,
            date: new Date(job.time * 1000).toISOString(),
          };
          const { data: commit } = await octokit.rest.git.createCommit({
            owner,
            repo,
            message: job.message,
            tree: tree.sha,
            parents: parent ? [parent] : [],
            author: person,
            committer: person,
          });
          try {
            if (parent) await octokit.rest.git.updateRef({ owner, repo, ref, sha: commit.sha, force: false });
            else await octokit.rest.git.createRef({ owner, repo, ref: `refs/${ref}`, sha: commit.sha });
            return { commit: commit.sha, alreadyThere: false };
          } catch (error) {
            // 422: not a fast-forward (the branch moved). Read it again and rebase.
            if (status(error) !== 422 || round === PUSH_ROUNDS) throw error;
          }
        }
        throw new PushFailure("rejected", "the branch kept moving", false);
      });
    },

    async snapshot(known: string | null): Promise<RemoteSnapshot> {
      return attempt(async () => {
        const sha = await head();
        const result: RemoteSnapshot = { head: sha, files: new Map(), knownFiles: null };
        if (sha) {
          for (const [path, blob] of await files((await commitOf(sha)).tree.sha)) {
            if (!path.startsWith("content/")) continue;
            result.files.set(path, {
              blob,
              read: async () => {
                const { data } = await octokit.rest.git.getBlob({ owner, repo, file_sha: blob });
                return Buffer.from(data.content, data.encoding === "base64" ? "base64" : "utf8").toString("utf8");
              },
            });
          }
        }
        if (known) {
          try {
            const all = await files((await commitOf(known)).tree.sha);
            result.knownFiles = new Map([...all].filter(([path]) => path.startsWith("content/")));
          } catch (error) {
            if (status(error) !== 404 && status(error) !== 422) throw error;
          }
        }
        return result;
      });
    },
  };

  /**
   * The site's commits up to the build, made again on GitHub (not on any branch yet): each one's files that
   * changed, its message, author and time. Gives the last one.
   */
  async function replay(job: PushJob): Promise<string> {
    const site = openRepo(job.site.gitdir);
    let before = new Map<string, string>();
    let parent: { sha: string; tree: string } | null = null;
    for (const oid of job.site.commits) {
      const { commit } = await git.readCommit({ fs, gitdir: site.gitdir, oid, cache: site.cache });
      const files = new Map(
        [...(await filesUnder(site, commit.tree, ""))].map(([path, blob]) => [path.slice(1), blob]),
      );
      const entries: { path: string; mode: "100644"; type: "blob"; sha?: string | null; content?: string }[] = [];
      for (const [path, blob] of files) {
        if (before.get(path) === blob) continue;
        const bytes = (await readObjectBytes(site, blob)).object;
        const text = bytes.toString("utf8");
        if (Buffer.from(text, "utf8").equals(bytes))
          entries.push({ path, mode: "100644", type: "blob", content: text });
        else {
          const { data } = await octokit.rest.git.createBlob({
            owner,
            repo,
            content: bytes.toString("base64"),
            encoding: "base64",
          });
          entries.push({ path, mode: "100644", type: "blob", sha: data.sha });
        }
      }
      for (const path of before.keys()) {
        if (!files.has(path)) entries.push({ path, mode: "100644", type: "blob", sha: null });
      }
      const tree: string =
        entries.length || !parent
          ? (
              await octokit.rest.git.createTree({
                owner,
                repo,
                tree: entries,
                ...(parent ? { base_tree: parent.tree } : {}),
              })
            ).data.sha
          : parent.tree;
      const person = (who: { name: string; email: string; timestamp: number }) => ({
        name: who.name,
        email: who.email,
        date: new Date(who.timestamp * 1000).toISOString(),
      });
      const made: { sha: string } = (
        await octokit.rest.git.createCommit({
          owner,
          repo,
          message: commit.message,
          tree,
          parents: parent ? [parent.sha] : [],
          author: person(commit.author),
          committer: person(commit.committer),
        })
      ).data;
      parent = { sha: made.sha, tree };
      before = files;
    }
    return parent!.sha;
  }

  /** A branch that is missing: the repository is empty (GitHub's API cannot write to it), or the branch is new. */
  async function refuseEmpty(): Promise<void> {
    const { data } = await octokit.rest.repos.get({ owner, repo });
    if (!data.size && !data.pushed_at) throw new PushFailure("emptyGithub", "", true);
  }
}

function status(error: unknown): number | undefined {
  return (error as { status?: number }).status;
}

async function attempt<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PushFailure) throw error;
    const outbound = pushFailureOf(error);
    if (outbound) throw outbound;
    const code = status(error);
    const message = String((error as Error).message ?? error)
      .split("\n")[0]!
      .slice(0, 200);
    if (code === 401 || code === 403) throw new PushFailure("auth", String(code), true);
    if (code === 404) throw new PushFailure("notFound", "repository not found (404)", true);
    if (code === 409 && /empty/i.test(message)) throw new PushFailure("emptyGithub", "", true);
    if (code !== undefined) throw new PushFailure("rejected", `${code} ${message}`, code < 500 && code !== 429);
    throw new PushFailure("unreachable", message, false);
  }
}
