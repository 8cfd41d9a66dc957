/**
 * Real git for tests: the machine's `git` (2.39 on Debian) cloning, reading and checking repositories, and a
 * git server for remote hosts: `git http-backend` (git's own smart HTTP server, a CGI program) behind a small
 * Node HTTP server on a loopback port, with a token checked as HTTP Basic authentication.
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { endGroup, execGroup, spawnGroup } from "../../scripts/process-group";

/**
 * Runs git in `cwd` and gives its output, trimmed. Asynchronous: a git talking to a server in this same process
 * (the app under test) would wait forever on a process that a synchronous call had stopped. A process group of
 * its own (git runs helpers such as git-remote-http), ended with the test process if the test gives up on it.
 */
export async function git(cwd: string, ...args: string[]): Promise<string> {
  const stdout = await execGroup("git", ["-c", "core.quotepath=off", ...args], {
    cwd,
    env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_CONFIG_NOSYSTEM: "1", HOME: cwd },
  });
  return stdout.toString("utf8").trim();
}

/** A file's bytes as git holds them ("<commit>:<path>" in the bare repository `gitdir`). */
export function gitBytes(gitdir: string, object: string): Promise<Buffer> {
  return execGroup("git", ["--git-dir", gitdir, "cat-file", "blob", object], {
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", HOME: gitdir },
  });
}

export function tempDir(name: string): string {
  return mkdtempSync(path.join(tmpdir(), `daftar-${name}-`));
}

/** Clones `url` into a new folder and returns it. */
export async function clone(url: string, ...flags: string[]): Promise<string> {
  const dir = tempDir("clone");
  await git(dir, "clone", "--quiet", ...flags, url, "repo");
  return path.join(dir, "repo");
}

export interface GitServer {
  /** Repository address: `${url}/<name>.git`. */
  url: string;
  root: string;
  /** Makes a bare repository `<name>.git` with one commit holding `files` on `branch`. */
  createRepository(name: string, files: Record<string, string>, branch?: string): Promise<string>;
  /** Commits `files` (null deletes) to the repository's branch from a fresh clone, as another person would. */
  commitElsewhere(
    name: string,
    files: Record<string, string | null>,
    message: string,
    branch?: string,
  ): Promise<string>;
  /** Receive-pack requests are held this long before git answers them (to stop a site mid-push). */
  delayPushMs: number;
  /** How many pushes (receive-pack requests) have arrived. */
  readonly pushesReceived: number;
  close(): Promise<void>;
}

export async function startGitServer(token: string): Promise<GitServer> {
  const root = tempDir("git-server");
  // Every folder and CGI process this server makes, ended and removed by close(): a receive-pack whose client went
  // away mid-push otherwise spins on its closed input long after the test.
  const folders = [root];
  const children = new Set<ChildProcess>();
  const state = { delayPushMs: 0, pushesReceived: 0 };
  const server: Server = createServer((req, res) => {
    const auth = req.headers.authorization ?? "";
    const [, encoded = ""] = auth.split(" ");
    const password = Buffer.from(encoded, "base64").toString("utf8").split(":").slice(1).join(":");
    if (!auth.startsWith("Basic ") || password !== token) {
      res.writeHead(401, { "WWW-Authenticate": 'Basic realm="git"' }).end();
      return;
    }
    const url = new URL(req.url ?? "/", "http://localhost");
    const pushing = url.pathname.endsWith("/git-receive-pack");
    const run = () => {
      // Its own process group: `git` runs `git-http-backend` as a child, which killing `git` alone would orphan.
      const cgi = spawnGroup("git", ["http-backend"], {
        env: {
          ...process.env,
          GIT_PROJECT_ROOT: root,
          GIT_HTTP_EXPORT_ALL: "1",
          REMOTE_USER: "tester",
          PATH_INFO: decodeURIComponent(url.pathname),
          QUERY_STRING: url.search.slice(1),
          REQUEST_METHOD: req.method ?? "GET",
          CONTENT_TYPE: req.headers["content-type"] ?? "",
          CONTENT_LENGTH: req.headers["content-length"] ?? "",
          HTTP_CONTENT_ENCODING: req.headers["content-encoding"] ?? "",
          HTTP_GIT_PROTOCOL: String(req.headers["git-protocol"] ?? ""),
        },
      });
      children.add(cgi);
      cgi.once("exit", () => children.delete(cgi));
      res.once("close", () => void endGroup(cgi, { signal: "SIGKILL" }));
      cgi.stdin!.on("error", () => undefined);
      req.pipe(cgi.stdin!);
      // A CGI answer: header lines, a blank line, the body.
      let head = Buffer.alloc(0);
      let sent = false;
      cgi.stdout!.on("data", (chunk: Buffer) => {
        if (sent) {
          res.write(chunk);
          return;
        }
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf("\r\n\r\n");
        if (end < 0) return;
        const lines = head.subarray(0, end).toString("utf8").split("\r\n");
        let status = 200;
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const at = line.indexOf(":");
          const name = line.slice(0, at).trim();
          const value = line.slice(at + 1).trim();
          if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
          else headers[name] = value;
        }
        res.writeHead(status, headers);
        res.write(head.subarray(end + 4));
        sent = true;
      });
      cgi.on("close", () => res.end());
    };
    if (pushing) state.pushesReceived++;
    if (pushing && state.delayPushMs > 0) setTimeout(run, state.delayPushMs);
    else run();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  const work = async (files: Record<string, string | null>, dir: string, message: string) => {
    for (const [file, content] of Object.entries(files)) {
      const full = path.join(dir, file);
      if (content === null) rmSync(full, { force: true });
      else {
        mkdirSync(path.dirname(full), { recursive: true });
        writeFileSync(full, content);
      }
    }
    await git(dir, "add", "-A");
    await git(dir, "-c", "user.name=Someone Else", "-c", "user.email=else@example.com", "commit", "-q", "-m", message);
  };

  return {
    url,
    root,
    get pushesReceived() {
      return state.pushesReceived;
    },
    get delayPushMs() {
      return state.delayPushMs;
    },
    set delayPushMs(ms: number) {
      state.delayPushMs = ms;
    },
    async createRepository(name, files, branch = "main") {
      const bare = path.join(root, `${name}.git`);
      await git(root, "init", "-q", "--bare", "-b", branch, bare);
      await git(bare, "config", "http.receivepack", "true");
      const seed = tempDir("seed");
      folders.push(seed);
      await git(seed, "init", "-q", "-b", branch, ".");
      await work(files, seed, "Start");
      await git(seed, "push", "-q", bare, `${branch}:${branch}`);
      return bare;
    },
    async commitElsewhere(name, files, message, branch = "main") {
      const dir = tempDir("elsewhere");
      folders.push(dir);
      await git(dir, "clone", "-q", "-b", branch, path.join(root, `${name}.git`), "w");
      const repo = path.join(dir, "w");
      await work(files, repo, message);
      await git(repo, "push", "-q", "origin", branch);
      return git(repo, "rev-parse", "HEAD");
    },
    async close() {
      await Promise.all([...children].map((child) => endGroup(child, { signal: "SIGKILL" })));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    },
  };
}
