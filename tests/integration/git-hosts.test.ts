/**
 * Builds pushed to git hosts: a git remote over HTTP (Debian's `git http-backend` behind a Node server on
 * loopback, with a token) through isomorphic-git, and GitHub's git-data API (a faithful test double) through
 * Octokit. A build that creates, changes, renames and deletes pages arrives as exactly one commit with the right
 * tree; a remote that moved ahead is rebased onto when the files do not conflict, and the push is refused (never
 * forced) when they do; the token is never sent back.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BuildSummary, PageSource } from "~/builds/builds.server";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { clone, git, startGitServer, type GitServer } from "../helpers/git";
import { startGithubDouble, type GithubDouble } from "../helpers/github-double";
import { seedDatabaseAt } from "../helpers/seed";
import { within } from "../helpers/within";
import { pageFields } from "../helpers/front-matter";

// The git server and the GitHub double run on loopback: the operator allows it, as for a host on their own network.
process.env.GIT_HOST_ALLOW_PRIVATE = "127.0.0.0/8";

const TOKEN = "s3cret-token-for-tests";
let server: TestServer;
let gitServer: GitServer;
let github: GithubDouble;
let admin: ApiClient;

/** The bundled content as repository files, plus a file the site does not manage. */
function repositoryFiles(): Record<string, string> {
  const root = path.resolve(import.meta.dirname, "../../content");
  const files: Record<string, string> = { "README.md": "# Notebook\n" };
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[`content/${path.relative(root, full)}`] = readFileSync(full, "utf8");
  }
  return files;
}

async function source(locale: string, pagePath: string) {
  return (await admin.get<PageSource>(`/api/builds/source?locale=${locale}&path=${encodeURIComponent(pagePath)}`)).body;
}

async function save(locale: "fa" | "en", pagePath: string, markdown: string, extra: Record<string, unknown> = {}) {
  const current = await source(locale, (extra.previousPath as string | undefined) ?? pagePath);
  const answer = await admin.post("/api/builds/commit", {
    action: "save",
    locale,
    path: pagePath,
    frontMatter: pageFields(`Page ${pagePath}`),
    markdown,
    baseHash: current.hash,
    ...extra,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

async function remove(locale: "fa" | "en", pagePath: string) {
  const current = await source(locale, pagePath);
  const answer = await admin.post("/api/builds/commit", {
    action: "delete",
    locale,
    path: pagePath,
    baseHash: current.hash,
  });
  expect(answer.status).toBe(201);
}

async function openBuild(): Promise<BuildSummary> {
  const list = (await admin.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds;
  return list.find((b) => b.status === "open")!;
}

async function build(id: number): Promise<BuildSummary> {
  const list = (await admin.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds;
  return list.find((b) => b.id === id)!;
}

async function publish() {
  const open = await openBuild();
  const answer = await admin.post<{ status: string; remoteCommit: string | null }>("/api/builds/run", {
    buildId: open.id,
  });
  return { open, answer };
}

async function useHost(body: Record<string, unknown>) {
  const answer = await admin.put("/api/builds/host", body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
}

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  gitServer = await startGitServer(TOKEN);
  await gitServer.createRepository("notebook", repositoryFiles());
  github = await startGithubDouble(TOKEN, repositoryFiles());
  server = await startAppServer();
  admin = new ApiClient(server.url);
  await admin.login("admin");
}, 60_000);

afterAll(async () => {
  await server?.close();
  await gitServer?.close();
  await github?.close();
});

describe("a git remote over HTTP", () => {
  const remote = () => `${gitServer.url}/notebook.git`;

  test("the host is saved with its token, which is never sent back", async () => {
    const saved = await useHost({ kind: "git", url: remote(), branch: "main", token: TOKEN });
    expect(JSON.stringify(saved.body)).not.toContain(TOKEN);
    const read = await admin.get<{ hasToken: boolean; url: string }>("/api/builds/host");
    expect(read.body).toMatchObject({ hasToken: true, url: remote() });
    expect(JSON.stringify(read.body)).not.toContain(TOKEN);
    // Without settings.edit the host is neither read nor changed.
    const editor = new ApiClient(server.url);
    await editor.login("editor");
    expect((await editor.get("/api/builds/host")).status).toBe(403);
    expect((await editor.put("/api/builds/host", { kind: "local" })).status).toBe(403);
    // Credentials in the address are refused: they would be shown and logged.
    const refused = await admin.put("/api/builds/host", {
      kind: "git",
      url: `http://user:${TOKEN}@127.0.0.1/x.git`,
      branch: "main",
    });
    expect(refused.status).toBe(400);
  });

  test("created, changed, renamed and deleted pages arrive as exactly one commit with the right tree", async () => {
    const start = await git(gitServer.root, "--git-dir=notebook.git", "rev-parse", "main");
    // The host's branch holds a history the site did not make (its own first commit): its pages are imported first,
    // the choice that keeps this branch, and the builds then go on top of its history. It holds what the site holds.
    const imported = await admin.post<{ imported: number }>("/api/builds/import");
    expect(imported.status).toBe(200);
    expect(imported.body.imported).toBe(0);
    await save("fa", "/notes/تازه", "نوشته‌ای تازه.");
    await save("en", "/about", "Changed about page.");
    await save("en", "/notes/learning-slowly-moved", "Moved and changed.", { previousPath: "/notes/learning-slowly" });
    await remove("en", "/contact");
    const { open, answer } = await publish();
    expect(answer.status, JSON.stringify({ answer: answer.body, build: await build(open.id) })).toBe(200);
    expect(answer.body.message).toBe("Build committed and pushed successfully");
    expect(answer.body.remoteCommit).toMatch(/^[0-9a-f]{40}$/);

    const repo = await clone(path.join(gitServer.root, "notebook.git"));
    expect(await git(repo, "rev-parse", "HEAD")).toBe(answer.body.remoteCommit);
    expect(await git(repo, "rev-parse", "HEAD~1")).toBe(start);
    const changes = (await git(repo, "show", "--no-renames", "--name-status", "--format=", "HEAD")).split("\n").sort();
    expect(changes).toEqual([
      "A\tcontent/en/notes/learning-slowly-moved.md",
      "A\tcontent/fa/notes/تازه.md",
      // The moved page's old address now redirects: the site's redirects file comes with the build.
      "A\tcontent/redirects.yaml",
      "D\tcontent/en/contact.md",
      "D\tcontent/en/notes/learning-slowly.md",
      "M\tcontent/en/about.md",
    ]);
    expect(await git(repo, "log", "-1", "--format=%an <%ae>%n%s")).toBe(
      `Ava Admin <admin@daftar.invalid>\nBuild ${open.name}`,
    );
    const message = await git(repo, "log", "-1", "--format=%b");
    expect(message.split("\n").filter((line) => line.startsWith("- "))).toHaveLength(4);
    expect(readFileSync(path.join(repo, "README.md"), "utf8")).toBe("# Notebook\n");
    await git(repo, "fsck", "--strict");
    expect((await build(open.id)).status).toBe("published");
  });

  test("a remote that moved ahead without touching the build's files is rebased onto, never forced", async () => {
    const theirs = await gitServer.commitElsewhere(
      "notebook",
      { "README.md": "# Notebook\n\nEdited on the host.\n" },
      "Edit the readme",
    );
    await save("en", "/about", "About, second version.");
    const { answer } = await publish();
    expect(answer.status).toBe(200);
    const repo = await clone(path.join(gitServer.root, "notebook.git"));
    expect(await git(repo, "rev-parse", "HEAD~1")).toBe(theirs);
    expect(readFileSync(path.join(repo, "README.md"), "utf8")).toContain("Edited on the host.");
    expect(readFileSync(path.join(repo, "content/en/about.md"), "utf8")).toContain("About, second version.");
  });

  test("a remote that changed a file the build changes refuses the push, names the file, and changes nothing there", async () => {
    const theirs = await gitServer.commitElsewhere(
      "notebook",
      { "content/en/about.md": '---\ntitle: "About"\n---\n\nWritten on the host.\n' },
      "Edit about on the host",
    );
    await save("en", "/about", "About, third version.");
    const { open, answer } = await publish();
    expect(answer.status).toBe(202);
    // The answer names the file, unless the push outlasted the call's wait (a busy machine) and said it goes on.
    if (answer.body.status === "failed") expect(answer.body.message).toContain("content/en/about.md");
    else expect(answer.body.message).toBe("Build published. Its push to the git host goes on in the background.");
    const failed = await within(60_000, async () => {
      const now = await build(open.id);
      return now.status === "failed" && now;
    });
    expect(failed.error).toContain("push.conflict");
    expect(failed.error).toContain("content/en/about.md");
    // The site shows the build (it was published); the host is as the other person left it.
    expect(await (await fetch(`${server.url}/en/about`)).text()).toContain("About, third version.");
    expect(await git(gitServer.root, "--git-dir=notebook.git", "rev-parse", "main")).toBe(theirs);
    // Asking again is refused again: nothing is forced.
    const again = await admin.post("/api/builds/run", { buildId: open.id });
    expect(again.status).toBe(202);
    expect(await git(gitServer.root, "--git-dir=notebook.git", "rev-parse", "main")).toBe(theirs);
  });

  test("import from repository brings the host's change in as a commit to review", async () => {
    const answer = await admin.post<{ imported: number; skipped: unknown[] }>("/api/builds/import");
    expect(answer.status).toBe(200);
    expect(answer.body.imported).toBe(1);
    const open = await openBuild();
    expect(open.commits.map((c) => c.path)).toEqual(["content/en/about.md"]);
    expect((await source("en", "/about")).text).toContain("Written on the host.");
  });

  test("a host that refuses the token fails the push with a reason, kept on the build", async () => {
    await useHost({ kind: "git", url: remote(), branch: "main", token: "wrong-token" });
    // The failed build is pushed first (builds reach the host in order): it fails on the credentials now.
    const failed = (await admin.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds.find(
      (b) => b.status === "failed",
    )!;
    const answer = await admin.post("/api/builds/run", { buildId: failed.id });
    expect(answer.status).toBe(202);
    expect((await build(failed.id)).error).toContain("push.auth");
    // With the right token again, the push goes through: the import made the host's change known, so the build is
    // a plain new commit on it (the imported version waits in the open build, to be published after it).
    await useHost({ kind: "git", url: remote(), branch: "main", token: TOKEN });
    const retried = await admin.post("/api/builds/run", { buildId: failed.id });
    expect(retried.status).toBe(200);
    expect(retried.body.message).toBe("Build pushed successfully");
    expect((await build(failed.id)).status).toBe("published");
  });
});

describe("GitHub through its git-data API", () => {
  test("without a token, publishing is refused with the product's message and nothing changes", async () => {
    await useHost({
      kind: "github",
      url: `https://github.com/${github.owner}/${github.repo}`,
      branch: "main",
      apiUrl: github.apiUrl,
      clearToken: true,
    });
    // The open build from the import above; publishing it is refused before anything happens.
    const open = await openBuild();
    const answer = await admin.post("/api/builds/run", { buildId: open.id });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("GitHub credentials are missing");
    expect((await openBuild()).id).toBe(open.id);
  });

  test("a build arrives as one commit made through refs, trees and commits", async () => {
    await useHost({
      kind: "github",
      url: `https://github.com/${github.owner}/${github.repo}`,
      branch: "main",
      apiUrl: github.apiUrl,
      token: TOKEN,
    });
    const start = await github.head();
    // The failed build (to the other host) is no longer this host's business: take the import out, write anew.
    const open = await openBuild();
    for (const commit of open.commits) await admin.post("/api/builds/discard", { commitId: commit.id });
    await save("fa", "/notes/گیت-هاب", "از راه گیت‌هاب.");
    await remove("en", "/notes/draft-ideas");
    const { open: published, answer } = await publish();
    expect(answer.status, JSON.stringify((await build(published.id)).pushes)).toBe(200);
    const head = await github.head();
    expect(head).not.toBe(start);
    const changes = (
      await git(github.gitdir, "--git-dir=.", "show", "--no-renames", "--name-status", "--format=", head!)
    )
      .split("\n")
      .sort();
    expect(changes).toEqual(["A\tcontent/fa/notes/گیت-هاب.md", "D\tcontent/en/notes/draft-ideas.md"]);
    expect(await git(github.gitdir, "--git-dir=.", "rev-parse", `${head}~1`)).toBe(start);
    expect(github.requests).toEqual(
      expect.arrayContaining([
        "GET /repos/maryam/notebook/git/ref/heads/main",
        "POST /repos/maryam/notebook/git/trees",
        "POST /repos/maryam/notebook/git/commits",
        "PATCH /repos/maryam/notebook/git/refs/heads/main",
      ]),
    );
  });

  test("a branch that moved is rebased onto; a conflicting change refuses the push", async () => {
    const theirs = await github.commitElsewhere({ "README.md": "# Notebook on GitHub\n" }, "Readme");
    await save("en", "/about", "About through GitHub.");
    let { answer } = await publish();
    const head = await github.head();
    expect(answer.status).toBe(200);
    // Their commit stays in the branch's history, under the build's, and both changes are in the head's tree.
    const log = await git(github.gitdir, "--git-dir=.", "log", "--format=%H %s", "-4", head!);
    expect(
      log.split("\n").map((line) => line.split(" ")[0]),
      log,
    ).toContain(theirs);
    expect(await git(github.gitdir, "--git-dir=.", "show", `${head}:README.md`)).toBe("# Notebook on GitHub");
    expect(await git(github.gitdir, "--git-dir=.", "show", `${head}:content/en/about.md`)).toContain(
      "About through GitHub.",
    );

    const conflicting = await github.commitElsewhere(
      { "content/en/about.md": '---\ntitle: "About"\n---\n\nOn GitHub.\n' },
      "About",
    );
    await save("en", "/about", "About, once more.");
    ({ answer } = await publish());
    expect(answer.status).toBe(202);
    expect(answer.body.message).toContain("content/en/about.md");
    expect(await github.head()).toBe(conflicting);
  });
});

test("the site's own repository has every build's commit, the last one at its head", async () => {
  const repo = path.join(process.env.DATA_DIR!, "repository", "content.git");
  const list = (await admin.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds;
  const made = list.filter((b) => b.localCommit);
  const history = (await git(repo, "log", "--format=%H", "main")).split("\n");
  expect(new Set(history)).toEqual(new Set(made.map((b) => b.localCommit)));
  const last = made.filter((b) => b.kind === "edit").sort((x, y) => y.publishedAt!.localeCompare(x.publishedAt!))[0]!;
  expect(history[0]).toBe(last.localCommit);
});
