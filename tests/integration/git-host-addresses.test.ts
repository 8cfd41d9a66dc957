/**
 * Where the git host settings may send the site: a git remote or a GitHub API address on this machine or a
 * private network is refused unless the operator allows that network (GIT_HOST_ALLOW_PRIVATE); nothing is sent
 * there, least of all the token. Whatever a host answers, its own words never reach the caller (they are in the
 * server's log), and a redirect is followed only to an address that passes the same check.
 *
 * This file allows exactly 127.0.0.2 (a loopback address the tests treat as "the operator's git server"); the
 * listeners on 127.0.0.1 stand for everything else on the machine and must receive nothing.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { seedDatabaseAt } from "../helpers/seed";

process.env.GIT_HOST_ALLOW_PRIVATE = "127.0.0.2/32";

const TOKEN = "token-that-must-stay-home";
const BANNER = "INTERNAL-SERVICE-BANNER v1.2 (build 77)";

interface Listener {
  port: number;
  requests: { url: string; authorization?: string }[];
  connections: number;
  close(): Promise<void>;
}

/** An HTTP server on `host` that records what reaches it and answers with `answer`. */
async function listen(
  host: string,
  answer: (req: IncomingMessage, res: ServerResponse) => void,
  port = 0,
): Promise<Listener> {
  const requests: Listener["requests"] = [];
  let connections = 0;
  const server: Server = createServer((req, res) => {
    requests.push({ url: req.url ?? "", authorization: req.headers.authorization });
    answer(req, res);
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    port: (server.address() as { port: number }).port,
    requests,
    get connections() {
      return connections;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

let server: TestServer;
let admin: ApiClient;
let loopback: Listener;
let banner: Listener;
let redirecting: Listener;

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  loopback = await listen("127.0.0.1", (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" }).end(`${BANNER}\nsecond line\n`);
  });
  // The operator's own (allowed) network: one host answers something that is not git, another redirects.
  banner = await listen("127.0.0.2", (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" }).end(`${BANNER}\nsecond line\n`);
  });
  redirecting = await listen("127.0.0.2", (req, res) => {
    res.writeHead(301, { location: `http://127.0.0.1:${loopback.port}${req.url}` }).end();
  });
  server = await startAppServer();
  admin = new ApiClient(server.url);
  await admin.login("admin");
}, 60_000);

afterAll(async () => {
  await server?.close();
  await Promise.all([loopback?.close(), banner?.close(), redirecting?.close()]);
});

async function useHost(body: Record<string, unknown>) {
  const answer = await admin.put("/api/builds/host", body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function importAnswer() {
  const answer = await admin.post("/api/builds/import");
  expect(answer.status).toBe(502);
  return answer;
}

describe("a git remote's address", () => {
  test.each([
    ["loopback by address", () => `http://127.0.0.1:${loopback.port}/notebook.git`],
    ["loopback by name", () => `http://localhost:${loopback.port}/notebook.git`],
    ["loopback written as IPv6", () => `http://[::ffff:127.0.0.1]:${loopback.port}/notebook.git`],
  ])("%s is refused, and nothing reaches it", async (_name, url) => {
    const before = loopback.connections;
    await useHost({ kind: "git", url: url(), branch: "main", token: TOKEN });
    const answer = await importAnswer();
    expect(answer.body.reason).toBe("notAllowed");
    expect(answer.body.message).toBe("Failed to import from the repository");
    expect(loopback.connections).toBe(before);
    expect(loopback.requests).toEqual([]);
  });

  test("a host on an allowed network that answers something else: its words stay in the log", async () => {
    await useHost({ kind: "git", url: `http://127.0.0.2:${banner.port}/notebook.git`, branch: "main", token: TOKEN });
    const answer = await importAnswer();
    expect(banner.requests.length).toBeGreaterThan(0);
    expect(JSON.stringify(answer.body)).not.toContain("INTERNAL-SERVICE-BANNER");
    expect(answer.body.reason).toBe("other");

    // Publishing to it fails; neither the answer nor the build's stored reason repeats the host's words.
    const page = "/notes/address-check";
    const source = await admin.get<{ hash: string }>(`/api/builds/source?locale=en&path=${encodeURIComponent(page)}`);
    const saved = await admin.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: page,
      frontMatter: {
        title: "Address check",
        description: "",
        tags: [],
        toc: false,
        comments: false,
        draft: false,
        intro: false,
      },
      markdown: "A page.",
      baseHash: source.body.hash,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const builds = (
      await admin.get<{ builds: { id: number; status: string; error: string | null }[] }>("/api/builds/all")
    ).body.builds;
    const open = builds.find((b) => b.status === "open")!;
    const run = await admin.post("/api/builds/run", { buildId: open.id });
    expect(run.status).toBe(202);
    expect(JSON.stringify(run.body)).not.toContain("INTERNAL-SERVICE-BANNER");
    const after = (await admin.get<{ builds: { id: number; error: string | null }[] }>("/api/builds/all")).body.builds;
    expect(after.find((b) => b.id === open.id)!.error).not.toContain("INTERNAL-SERVICE-BANNER");
  });

  test("a redirect to an address that is not allowed is not followed", async () => {
    const before = loopback.connections;
    await useHost({
      kind: "git",
      url: `http://127.0.0.2:${redirecting.port}/notebook.git`,
      branch: "main",
      token: TOKEN,
    });
    const answer = await importAnswer();
    expect(answer.body.reason).toBe("notAllowed");
    expect(redirecting.requests.length).toBeGreaterThan(0);
    expect(loopback.connections).toBe(before);
  });
});

describe("GitHub's API address", () => {
  test("on loopback it is refused and never receives the token", async () => {
    const before = loopback.connections;
    await useHost({
      kind: "github",
      url: "https://github.com/maryam/notebook",
      branch: "main",
      apiUrl: `http://127.0.0.1:${loopback.port}`,
      token: TOKEN,
    });
    const answer = await importAnswer();
    expect(answer.body.reason).toBe("notAllowed");
    expect(loopback.connections).toBe(before);
    expect(loopback.requests.map((r) => r.authorization)).not.toContain(`token ${TOKEN}`);
  });

  test("an allowed address that answers something else: its words stay in the log", async () => {
    await useHost({
      kind: "github",
      url: "https://github.com/maryam/notebook",
      branch: "main",
      apiUrl: `http://127.0.0.2:${banner.port}`,
      token: TOKEN,
    });
    const answer = await importAnswer();
    expect(JSON.stringify(answer.body)).not.toContain("INTERNAL-SERVICE-BANNER");
  });
});
