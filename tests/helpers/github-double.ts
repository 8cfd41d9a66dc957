/**
 * A stand-in for GitHub's REST API, the part the GitHub host uses: the git-data endpoints (refs, commits, trees,
 * blobs) and the repository's description, answering as GitHub documents them (status codes, JSON shapes, 422 for
 * a ref update that is not a fast-forward or a tree entry naming no blob, 409 for an empty repository, 401 without
 * the token; blobs written as UTF-8 or base64 and read as base64 in lines of 60 characters, as GitHub sends them).
 * Behind it is a real bare git repository, so every sha it gives is a real object id and `git` can check the result.
 */
import fs from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import path from "node:path";
import git, { type TreeEntry } from "isomorphic-git";
import { tempDir } from "./git";

export interface GithubDouble {
  /** The API's base URL (what the host's API address is set to). */
  apiUrl: string;
  owner: string;
  repo: string;
  /** The bare repository behind it. */
  gitdir: string;
  requests: string[];
  head(branch?: string): Promise<string | null>;
  /** Commits files to the branch as someone else would (another person pushing to GitHub). */
  commitElsewhere(files: Record<string, string | null>, message: string, branch?: string): Promise<string>;
  close(): Promise<void>;
}

const person = (name: string) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  timestamp: 1_790_000_000,
  timezoneOffset: 0,
});

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : {};
}

export async function startGithubDouble(
  token: string,
  initial: Record<string, string> | null,
  { owner = "maryam", repo = "notebook", branch = "main" } = {},
): Promise<GithubDouble> {
  const gitdir = path.join(tempDir("github"), "repo.git");
  fs.mkdirSync(gitdir, { recursive: true });
  await git.init({ fs, gitdir, bare: true, defaultBranch: branch });
  const requests: string[] = [];

  const readBlob = async (oid: string): Promise<Uint8Array | null> => {
    try {
      return (await git.readBlob({ fs, gitdir, oid })).blob;
    } catch {
      return null;
    }
  };

  /** A tree from a list of files (path → text, or null to delete) and blobs by sha, as nested trees. */
  const writeFiles = async (
    base: string | null,
    files: Record<string, string | null>,
    blobs: Map<string, string> = new Map(),
  ): Promise<string> => {
    const flat = new Map<string, string>();
    if (base) {
      const walk = async (oid: string, prefix: string) => {
        for (const entry of (await git.readTree({ fs, gitdir, oid })).tree) {
          const p = prefix ? `${prefix}/${entry.path}` : entry.path;
          if (entry.type === "tree") await walk(entry.oid, p);
          else flat.set(p, entry.oid);
        }
      };
      await walk(base, "");
    }
    for (const [file, content] of Object.entries(files)) {
      if (content === null) flat.delete(file);
      else flat.set(file, await git.writeBlob({ fs, gitdir, blob: Buffer.from(content, "utf8") }));
    }
    for (const [file, oid] of blobs) flat.set(file, oid);
    return buildTree(flat);
  };
  const buildTree = async (flat: Map<string, string>): Promise<string> => {
    const here: TreeEntry[] = [];
    const dirs = new Map<string, Map<string, string>>();
    for (const [file, oid] of flat) {
      const slash = file.indexOf("/");
      if (slash < 0) here.push({ mode: "100644", path: file, oid, type: "blob" });
      else {
        const dir = file.slice(0, slash);
        const sub = dirs.get(dir) ?? new Map<string, string>();
        sub.set(file.slice(slash + 1), oid);
        dirs.set(dir, sub);
      }
    }
    for (const [dir, sub] of dirs) here.push({ mode: "040000", path: dir, oid: await buildTree(sub), type: "tree" });
    return git.writeTree({ fs, gitdir, tree: here });
  };

  if (initial) {
    const tree = await writeFiles(null, initial);
    const commit = await git.writeCommit({
      fs,
      gitdir,
      commit: { tree, parent: [], message: "Start\n", author: person("Owner"), committer: person("Owner") },
    });
    await git.writeRef({ fs, gitdir, ref: `refs/heads/${branch}`, value: commit });
  }

  const head = async (name = branch) => {
    try {
      return await git.resolveRef({ fs, gitdir, ref: `refs/heads/${name}` });
    } catch {
      return null;
    }
  };

  const prefix = `/repos/${owner}/${repo}`;
  const apiUrl = () => {
    const address = server.address();
    return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  };
  const server: Server = createServer((req, res) => {
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(json));
    };
    void (async () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      requests.push(`${req.method} ${decodeURIComponent(url.pathname)}`);
      const auth = req.headers.authorization ?? "";
      if (auth !== `token ${token}` && auth !== `Bearer ${token}`) {
        return send(401, { message: "Bad credentials", documentation_url: "https://docs.github.com/rest" });
      }
      if (!url.pathname.startsWith(prefix)) return send(404, { message: "Not Found" });
      // Octokit encodes the ref in the path ("heads%2Fmain"); GitHub reads it either way.
      const route = decodeURIComponent(url.pathname.slice(prefix.length));
      const empty = (await head()) === null && !initial;
      if (req.method === "GET" && route === "") {
        return send(200, {
          name: repo,
          full_name: `${owner}/${repo}`,
          default_branch: branch,
          size: empty ? 0 : 1,
          pushed_at: empty ? null : "2026-01-01T00:00:00Z",
        });
      }
      let match = /^\/git\/ref\/heads\/(.+)$/.exec(route);
      if (req.method === "GET" && match) {
        if (empty) return send(409, { message: "Git Repository is empty." });
        const sha = await head(decodeURIComponent(match[1]!));
        if (!sha) return send(404, { message: "Not Found" });
        return send(200, { ref: `refs/heads/${match[1]}`, object: { sha, type: "commit" } });
      }
      match = /^\/git\/commits\/([0-9a-f]{40})$/.exec(route);
      if (req.method === "GET" && match) {
        try {
          const { commit } = await git.readCommit({ fs, gitdir, oid: match[1]! });
          return send(200, {
            sha: match[1],
            message: commit.message,
            tree: { sha: commit.tree },
            parents: commit.parent.map((sha) => ({ sha })),
            author: { name: commit.author.name, email: commit.author.email },
          });
        } catch {
          return send(404, { message: "Not Found" });
        }
      }
      match = /^\/git\/trees\/([0-9a-f]{40})$/.exec(route);
      if (req.method === "GET" && match) {
        const recursive = url.searchParams.has("recursive");
        const tree: { path: string; mode: string; type: string; sha: string }[] = [];
        const walk = async (oid: string, at: string) => {
          for (const entry of (await git.readTree({ fs, gitdir, oid })).tree) {
            const p = at ? `${at}/${entry.path}` : entry.path;
            tree.push({ path: p, mode: entry.mode, type: entry.type, sha: entry.oid });
            if (recursive && entry.type === "tree") await walk(entry.oid, p);
          }
        };
        try {
          await walk(match[1]!, "");
        } catch {
          return send(404, { message: "Not Found" });
        }
        return send(200, { sha: match[1], tree, truncated: false });
      }
      match = /^\/git\/blobs\/([0-9a-f]{40})$/.exec(route);
      if (req.method === "GET" && match) {
        const blob = await readBlob(match[1]!);
        if (!blob) return send(404, { message: "Not Found" });
        return send(200, {
          sha: match[1],
          node_id: `B_${match[1]}`,
          size: blob.length,
          url: `${apiUrl()}${prefix}/git/blobs/${match[1]}`,
          // GitHub breaks the base64 text into lines of 60 characters.
          content:
            (
              Buffer.from(blob)
                .toString("base64")
                .match(/.{1,60}/g) ?? []
            ).join("\n") + "\n",
          encoding: "base64",
        });
      }
      if (req.method === "POST" && route === "/git/blobs") {
        if (empty) return send(409, { message: "Git Repository is empty." });
        const input = await body(req);
        const encoding = input.encoding ?? "utf-8";
        if (typeof input.content !== "string" || (encoding !== "utf-8" && encoding !== "base64")) {
          return send(422, { message: "Invalid request.", documentation_url: "https://docs.github.com/rest" });
        }
        const bytes = Buffer.from(input.content, encoding === "base64" ? "base64" : "utf8");
        const sha = await git.writeBlob({ fs, gitdir, blob: bytes });
        return send(201, { sha, url: `${apiUrl()}${prefix}/git/blobs/${sha}` });
      }
      if (req.method === "POST" && route === "/git/trees") {
        if (empty) return send(409, { message: "Git Repository is empty." });
        const input = (await body(req)) as {
          base_tree?: string;
          tree: { path: string; sha?: string | null; content?: string }[];
        };
        const files: Record<string, string | null> = {};
        const shas = new Map<string, string>();
        for (const entry of input.tree) {
          if (entry.content !== undefined) files[entry.path] = entry.content;
          else if (entry.sha === null) files[entry.path] = null;
          else if (entry.sha) shas.set(entry.path, entry.sha);
        }
        // Deleting what the base tree does not have is refused, as GitHub does.
        if (input.base_tree) {
          for (const [file, content] of Object.entries(files)) {
            if (content !== null) continue;
            const existing = await git.readBlob({ fs, gitdir, oid: input.base_tree, filepath: file }).catch(() => null);
            if (!existing) return send(422, { message: "GitRPC::BadObjectState" });
          }
        }
        // Entries given by sha point at blobs already written (an image sent through the blobs call): the
        // blob goes into the tree as it is, bytes and all; a sha that names no blob is refused.
        for (const sha of shas.values()) {
          if (!(await readBlob(sha))) return send(422, { message: `Invalid tree info: ${sha} is not a blob` });
        }
        const tree = await writeFiles(input.base_tree ?? null, files, shas);
        return send(201, { sha: tree, tree: [], truncated: false });
      }
      if (req.method === "POST" && route === "/git/commits") {
        const input = (await body(req)) as {
          message: string;
          tree: string;
          parents: string[];
          author: { name: string; email: string; date: string };
          committer?: { name: string; email: string; date: string };
        };
        const who = (p: { name: string; email: string; date: string }) => ({
          name: p.name,
          email: p.email,
          timestamp: Math.floor(new Date(p.date).getTime() / 1000),
          timezoneOffset: 0,
        });
        const sha = await git.writeCommit({
          fs,
          gitdir,
          commit: {
            tree: input.tree,
            parent: input.parents,
            message: input.message,
            author: who(input.author),
            committer: who(input.committer ?? input.author),
          },
        });
        return send(201, {
          sha,
          tree: { sha: input.tree },
          parents: input.parents.map((p) => ({ sha: p })),
          message: input.message,
        });
      }
      match = /^\/git\/refs\/heads\/(.+)$/.exec(route);
      if (req.method === "PATCH" && match) {
        const input = (await body(req)) as { sha: string; force?: boolean };
        const name = decodeURIComponent(match[1]!);
        const current = await head(name);
        if (!current) return send(422, { message: "Reference does not exist" });
        const ancestors = new Set<string>();
        const queue = [input.sha];
        while (queue.length) {
          const oid = queue.pop()!;
          if (ancestors.has(oid)) continue;
          ancestors.add(oid);
          queue.push(...(await git.readCommit({ fs, gitdir, oid })).commit.parent);
        }
        if (!input.force && !ancestors.has(current)) return send(422, { message: "Update is not a fast forward" });
        await git.writeRef({ fs, gitdir, ref: `refs/heads/${name}`, value: input.sha, force: true });
        return send(200, { ref: `refs/heads/${name}`, object: { sha: input.sha, type: "commit" } });
      }
      if (req.method === "POST" && route === "/git/refs") {
        const input = (await body(req)) as { ref: string; sha: string };
        if (await head(input.ref.replace(/^refs\/heads\//, "")))
          return send(422, { message: "Reference already exists" });
        await git.writeRef({ fs, gitdir, ref: input.ref, value: input.sha });
        return send(201, { ref: input.ref, object: { sha: input.sha, type: "commit" } });
      }
      return send(404, { message: "Not Found" });
    })().catch((error: unknown) => send(500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    apiUrl: `http://127.0.0.1:${port}`,
    owner,
    repo,
    gitdir,
    requests,
    head,
    async commitElsewhere(files, message, name = branch) {
      const parent = await head(name);
      const base = parent ? (await git.readCommit({ fs, gitdir, oid: parent })).commit.tree : null;
      const tree = await writeFiles(base, files);
      const sha = await git.writeCommit({
        fs,
        gitdir,
        commit: {
          tree,
          parent: parent ? [parent] : [],
          message: `${message}\n`,
          author: person("Someone"),
          committer: person("Someone"),
        },
      });
      await git.writeRef({ fs, gitdir, ref: `refs/heads/${name}`, value: sha, force: true });
      return sha;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
