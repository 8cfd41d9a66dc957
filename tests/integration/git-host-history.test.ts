/**
 * What a git host holds once it is connected, with real git (`git http-backend` on loopback): an empty repository
 * receives the site's whole repository with the first push, and every later push keeps it equal to the site's own
 * (the same commits, to the id); a host whose branch holds a history the site did not make is never overwritten:
 * the push is refused, the build says why and what to do, and a new branch receives the site's history.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BuildSummary, PageSource } from "~/builds/builds.server";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { clone, git, startGitServer, type GitServer } from "../helpers/git";
import { startGithubDouble, type GithubDouble } from "../helpers/github-double";
import { seedDatabaseAt } from "../helpers/seed";

// The git server runs on loopback: the operator allows it, as for a host on their own network.
process.env.GIT_HOST_ALLOW_PRIVATE = "127.0.0.0/8";

const TOKEN = "history-token-for-tests";
let server: TestServer;
let gitServer: GitServer;
let github: GithubDouble;
let admin: ApiClient;
let fa: ApiClient;

const siteRepository = () => path.join(process.env.DATA_DIR!, "repository", "content.git");

async function publishPage(pagePath: string, markdown: string) {
  const current = (await admin.get<PageSource>(`/api/builds/source?locale=en&path=${encodeURIComponent(pagePath)}`))
    .body;
  const saved = await admin.post("/api/builds/commit", {
    action: "save",
    locale: "en",
    path: pagePath,
    frontMatter: {
      title: `Page ${pagePath}`,
      description: "",
      tags: [],
      toc: false,
      comments: false,
      draft: false,
      intro: false,
    },
    markdown,
    baseHash: current.published || current.pending ? current.hash : null,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const open = (await admin.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds.find(
    (b) => b.status === "open",
  )!;
  const answer = await admin.post<{ message: string; remoteCommit: string | null }>("/api/builds/run", {
    buildId: open.id,
  });
  return { build: open, answer };
}

async function build(id: number): Promise<BuildSummary> {
  return (await admin.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds.find((b) => b.id === id)!;
}

async function useHost(name: string, branch = "main") {
  const answer = await admin.put("/api/builds/host", {
    kind: "git",
    url: `${gitServer.url}/${name}.git`,
    branch,
    token: TOKEN,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** A bare repository on the git server with no commit at all, accepting pushes. */
async function emptyRepository(name: string): Promise<string> {
  const bare = path.join(gitServer.root, `${name}.git`);
  await git(gitServer.root, "init", "-q", "--bare", "-b", "main", bare);
  await git(bare, "config", "http.receivepack", "true");
  return bare;
}

/** The commits of a branch, newest first, and the files of its head with their blob ids. */
async function historyOf(gitdir: string, branch: string) {
  return {
    commits: (await git(gitdir, "--git-dir=.", "log", "--format=%H", branch, "--")).split("\n"),
    files: await git(gitdir, "--git-dir=.", "ls-tree", "-r", branch),
  };
}

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  gitServer = await startGitServer(TOKEN);
  github = await startGithubDouble(TOKEN, { "README.md": "# GitHub notes\n" });
  server = await startAppServer();
  admin = new ApiClient(server.url);
  await admin.login("admin");
  fa = new ApiClient(server.url, "fa");
  await fa.login("admin");
}, 60_000);

afterAll(async () => {
  await server?.close();
  await gitServer?.close();
  await github?.close();
});

describe("a host connected to an empty repository", () => {
  test("receives the site's whole repository with the first push, and stays equal to it", async () => {
    const bare = await emptyRepository("empty");
    await useHost("empty");
    const first = await publishPage("/about", "About, pushed to an empty host.");
    expect(first.answer.status, JSON.stringify(first.answer.body)).toBe(200);

    const site = await historyOf(siteRepository(), "main");
    // The baseline and the build: every file the site has, not only those the build changed.
    expect(site.commits.length).toBe(2);
    expect(site.files.split("\n").length).toBeGreaterThan(10);
    const cloned = await clone(`file://${bare}`);
    expect(await historyOf(path.join(cloned, ".git"), "HEAD")).toEqual(site);
    expect(first.answer.body.remoteCommit).toBe(site.commits[0]);
    await git(cloned, "fsck", "--strict");

    const second = await publishPage("/contact", "Contact, second build.");
    expect(second.answer.status, JSON.stringify(second.answer.body)).toBe(200);
    const after = await historyOf(siteRepository(), "main");
    expect(after.commits.length).toBe(3);
    expect(await historyOf(bare, "main")).toEqual(after);
    expect((await build(second.build.id)).remoteCommit).toBe(after.commits[0]);
  });

  test("a host already holding part of the site's history gets the commits it lacks", async () => {
    // Another host that received the site's history as it was two builds ago (someone pushed it there).
    const bare = await emptyRepository("behind");
    const old = (await historyOf(siteRepository(), "main")).commits[1]!;
    await git(siteRepository(), "--git-dir=.", "push", "-q", bare, `${old}:refs/heads/main`);
    await useHost("behind");
    const next = await publishPage("/about", "About, third version.");
    expect(next.answer.status, JSON.stringify(next.answer.body)).toBe(200);
    const site = await historyOf(siteRepository(), "main");
    expect(await historyOf(bare, "main")).toEqual(site);
  });
});

describe("a host whose branch holds unrelated history", () => {
  test("is not overwritten: the push is refused, and the build says so with the choices that lose nothing", async () => {
    const bare = await gitServer.createRepository("unrelated", {
      "README.md": "# Someone's notes\n",
      "notes.txt": "mine\n",
    });
    const theirs = await git(bare, "--git-dir=.", "rev-parse", "main");
    await useHost("unrelated");
    const { build: published, answer } = await publishPage("/about", "About, for an unrelated host.");
    expect(answer.status).toBe(202);
    expect(answer.body.message).toMatch(/history this site did not make/);
    const failed = await build(published.id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toContain("push.unrelated");
    expect(await git(bare, "--git-dir=.", "rev-parse", "main")).toBe(theirs);
    // Asked again, refused again: nothing is forced.
    expect((await admin.post("/api/builds/run", { buildId: published.id })).status).toBe(202);
    expect(await git(bare, "--git-dir=.", "rev-parse", "main")).toBe(theirs);
    // In Persian too.
    const persian = await fa.post<{ message: string }>("/api/builds/run", { buildId: published.id });
    expect(persian.status).toBe(202);
    expect(persian.body.message).toMatch(/تاریخچه/);
  });

  test("pushing to a new branch instead sends the site's whole history there and leaves the old branch alone", async () => {
    const bare = path.join(gitServer.root, "unrelated.git");
    const theirs = await git(bare, "--git-dir=.", "rev-parse", "main");
    await useHost("unrelated", "daftar");
    const failed = (await admin.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds.find(
      (b) => b.status === "failed",
    )!;
    const retried = await admin.post("/api/builds/run", { buildId: failed.id });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(await historyOf(bare, "daftar")).toEqual(await historyOf(siteRepository(), "main"));
    expect(await git(bare, "--git-dir=.", "rev-parse", "main")).toBe(theirs);
  });
});

describe("GitHub through its git-data API", () => {
  test("a new branch is made from the site's history, and stays equal to it", async () => {
    const answer = await admin.put("/api/builds/host", {
      kind: "github",
      url: `https://github.com/${github.owner}/${github.repo}`,
      branch: "site",
      apiUrl: github.apiUrl,
      token: TOKEN,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const theirs = await github.head("main");
    const first = await publishPage("/about", "About, pushed to a new branch on GitHub.");
    expect(first.answer.status, JSON.stringify(first.answer.body)).toBe(200);
    expect(await historyOf(github.gitdir, "site")).toEqual(await historyOf(siteRepository(), "main"));
    const second = await publishPage("/contact", "Contact, on GitHub too.");
    expect(second.answer.status, JSON.stringify(second.answer.body)).toBe(200);
    expect(await historyOf(github.gitdir, "site")).toEqual(await historyOf(siteRepository(), "main"));
    expect(await github.head("main")).toBe(theirs);
  });
});
