/**
 * Git objects through isomorphic-git, for the site's own repository and the clones of remote hosts: blob ids,
 * trees edited by path, files read from a tree, commits written from recorded facts (so the same facts give the
 * same commit id on every machine).
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { inflate } from "node:zlib";
import { gitFs as fs } from "./git-fs.server";
import git, { type TreeEntry } from "isomorphic-git";

const inflateAsync = promisify(inflate);

export interface Repo {
  gitdir: string;
  /** isomorphic-git's object cache, kept for the life of one piece of work. */
  cache: object;
}

export function openRepo(gitdir: string): Repo {
  return { gitdir, cache: {} };
}

const EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

/** The git blob id of a text (or a binary file's bytes): what `git hash-object` says for the file. */
export function blobId(content: string | Uint8Array): string {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}

export async function hasObject(repo: Repo, oid: string): Promise<boolean> {
  try {
    await git.readObject({ fs, gitdir: repo.gitdir, oid, format: "deflated", cache: repo.cache });
    return true;
  } catch {
    return false;
  }
}

/** A file already in the object store, by its blob id. */
export interface BlobRef {
  blob: string;
}

/**
 * An object's type and bytes, for sending it whole (a pack). A loose object (isomorphic-git writes only those) is
 * read and inflated off the main thread: isomorphic-git inflates in JavaScript on it, which a large image would
 * hold up for a noticeable while. A packed one (after a `git gc` by hand) is read through isomorphic-git.
 */
export async function readObjectBytes(repo: Repo, oid: string): Promise<{ type: string; object: Buffer }> {
  let deflated: Buffer;
  try {
    deflated = await fs.promises.readFile(path.join(repo.gitdir, "objects", oid.slice(0, 2), oid.slice(2)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const read = await git.readObject({ fs, gitdir: repo.gitdir, oid, format: "content", cache: repo.cache });
    return { type: read.type, object: Buffer.from(read.object as Uint8Array) };
  }
  const wrapped = await inflateAsync(deflated);
  const nul = wrapped.indexOf(0);
  const [type = "", size = ""] = wrapped.toString("latin1", 0, Math.max(nul, 0)).split(" ");
  if (nul < 0 || Number(size) !== wrapped.length - nul - 1) throw new Error(`Git object ${oid} is damaged`);
  return { type, object: wrapped.subarray(nul + 1) };
}

/**
 * A file's new text (or bytes, for a binary file such as an image), or null to delete it; paths are relative to
 * the repository ("content/fa/x.md", "media/3f2a…-photo.jpg").
 */
export type TreeEdits = Map<string, string | Uint8Array | null>;

/** An edit of a tree: new text or bytes, a blob already stored, or null to delete. */
export type TreeEdit = string | Uint8Array | BlobRef | null;

function isBlobRef(edit: TreeEdit): edit is BlobRef {
  return typeof edit === "object" && edit !== null && !(edit instanceof Uint8Array);
}

export function fileBytes(content: string | Uint8Array): Buffer {
  return typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content);
}

/**
 * The tree `base` becomes after `edits` (null base: an empty tree). Folders left empty disappear, as in git.
 * Only the folders on the edited paths are read and written again.
 */
export async function editTree(repo: Repo, base: string | null, edits: ReadonlyMap<string, TreeEdit>): Promise<string> {
  return (await editFolder(repo, base, edits)) ?? (await git.writeTree({ fs, gitdir: repo.gitdir, tree: [] }));
}

async function editFolder(
  repo: Repo,
  base: string | null,
  edits: ReadonlyMap<string, TreeEdit>,
): Promise<string | null> {
  const entries = new Map<string, TreeEntry>();
  if (base && base !== EMPTY_TREE) {
    const { tree } = await git.readTree({ fs, gitdir: repo.gitdir, oid: base, cache: repo.cache });
    for (const entry of tree) entries.set(entry.path, entry);
  }
  const here = new Map<string, TreeEdit>();
  const below = new Map<string, Map<string, TreeEdit>>();
  for (const [path, content] of edits) {
    const slash = path.indexOf("/");
    if (slash < 0) here.set(path, content);
    else {
      const name = path.slice(0, slash);
      const sub = below.get(name) ?? new Map();
      sub.set(path.slice(slash + 1), content);
      below.set(name, sub);
    }
  }
  for (const [name, content] of here) {
    if (content === null) {
      if (entries.get(name)?.type === "blob") entries.delete(name);
      continue;
    }
    const oid = isBlobRef(content)
      ? content.blob
      : await git.writeBlob({ fs, gitdir: repo.gitdir, blob: fileBytes(content) });
    entries.set(name, { mode: "100644", path: name, oid, type: "blob" });
  }
  for (const [name, sub] of below) {
    const existing = entries.get(name);
    const oid = await editFolder(repo, existing?.type === "tree" ? existing.oid : null, sub);
    if (oid === null) entries.delete(name);
    else entries.set(name, { mode: "040000", path: name, oid, type: "tree" });
  }
  if (entries.size === 0) return null;
  return git.writeTree({ fs, gitdir: repo.gitdir, tree: [...entries.values()] });
}

/** The tree of a commit. */
export async function treeOf(repo: Repo, commit: string): Promise<string> {
  const { commit: read } = await git.readCommit({ fs, gitdir: repo.gitdir, oid: commit, cache: repo.cache });
  return read.tree;
}

/** The blob id at `path` in `tree`, or null when there is no file there. */
export async function blobAt(repo: Repo, tree: string, path: string): Promise<string | null> {
  let oid = tree;
  const parts = path.split("/");
  for (const [i, part] of parts.entries()) {
    const { tree: entries } = await git.readTree({ fs, gitdir: repo.gitdir, oid, cache: repo.cache });
    const entry = entries.find((e) => e.path === part);
    if (!entry) return null;
    const last = i === parts.length - 1;
    if (last !== (entry.type === "blob")) return null;
    oid = entry.oid;
  }
  return oid;
}

export async function readText(repo: Repo, oid: string): Promise<string> {
  const { blob } = await git.readBlob({ fs, gitdir: repo.gitdir, oid, cache: repo.cache });
  return Buffer.from(blob).toString("utf8");
}

/** Every file under `folder` in `tree`, by path, with its blob id. */
export async function filesUnder(repo: Repo, tree: string, folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const start = await (async () => {
    let oid = tree;
    for (const part of folder.split("/").filter(Boolean)) {
      const { tree: entries } = await git.readTree({ fs, gitdir: repo.gitdir, oid, cache: repo.cache });
      const entry = entries.find((e) => e.path === part && e.type === "tree");
      if (!entry) return null;
      oid = entry.oid;
    }
    return oid;
  })();
  if (!start) return files;
  const walk = async (oid: string, prefix: string) => {
    const { tree: entries } = await git.readTree({ fs, gitdir: repo.gitdir, oid, cache: repo.cache });
    for (const entry of entries) {
      const path = `${prefix}/${entry.path}`;
      if (entry.type === "tree") await walk(entry.oid, path);
      else if (entry.type === "blob") files.set(path, entry.oid);
    }
  };
  await walk(start, folder.replace(/\/+$/, ""));
  return files;
}

export interface CommitFacts {
  tree: string;
  parents: string[];
  message: string;
  author: { name: string; email: string };
  /** Seconds since the epoch, UTC. */
  time: number;
}

/** Writes a commit exactly from `facts`: author and committer are the same person at the same time. */
export function writeCommit(repo: Repo, facts: CommitFacts): Promise<string> {
  const person = { name: facts.author.name, email: facts.author.email, timestamp: facts.time, timezoneOffset: 0 };
  return git.writeCommit({
    fs,
    gitdir: repo.gitdir,
    commit: { tree: facts.tree, parent: facts.parents, message: facts.message, author: person, committer: person },
  });
}
