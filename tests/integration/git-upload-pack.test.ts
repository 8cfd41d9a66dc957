/**
 * git's upload-pack over HTTP against requests no git client sends: a body is limited by its decoded size as well
 * as its size on the wire, one request says a bounded amount (wants, haves, rounds), and what it may not say is
 * refused with an `ERR` pkt-line, which git shows as "remote error: …". Real git clones and fetches still work.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { clone, git } from "../helpers/git";

const server = serveSeededApp();

/** The route's body limit (server/body-limit.ts, "/git/"). */
const LIMIT = 256 * 1024;

function pkt(line: string): string {
  return (line.length + 4).toString(16).padStart(4, "0") + line;
}
const FLUSH = "0000";
const CAPS = "side-band-64k ofs-delta no-progress agent=git/test";

async function head(): Promise<string> {
  const text = await (await fetch(`${server.url}/git/content.git/info/refs?service=git-upload-pack`)).text();
  return /([0-9a-f]{40}) refs\/heads\/main/.exec(text)![1]!;
}

async function uploadPack(body: string | Buffer, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/git/content.git/git-upload-pack`, {
    method: "POST",
    headers: { "Content-Type": "application/x-git-upload-pack-request", "Accept-Language": "en", ...headers },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** The first pkt-line of an answer, without its length and newline. */
function firstLine(body: Buffer): string {
  const size = Number.parseInt(body.subarray(0, 4).toString("ascii"), 16);
  return body.subarray(4, size).toString("utf8").replace(/\n$/, "");
}

const randomOid = () => randomBytes(20).toString("hex");

describe("what one request may say", () => {
  test("a gzip body that inflates past the route's limit is refused with 413", async () => {
    // 16 MB of flush packets in about 16 KB on the wire.
    const bomb = gzipSync(Buffer.from(FLUSH.repeat(4 * 1024 * 1024)), { level: 9 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    const answer = await uploadPack(bomb, { "Content-Encoding": "gzip", "Accept-Language": "en" });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body.toString("utf8")).message).toMatch(/too large/i);
  });

  test("a gzip body within the limit is read as what it decodes to", async () => {
    const want = await head();
    const body = gzipSync(Buffer.from(`${pkt(`want ${want} ${CAPS}\n`)}${FLUSH}${pkt("done\n")}`));
    const answer = await uploadPack(body, { "Content-Encoding": "gzip" });
    expect(answer.status).toBe(200);
    expect(firstLine(answer.body)).toBe("NAK");
    // Then the pack, on side band 1: "PACK", version 2.
    expect(answer.body.subarray(13, 17).toString("ascii")).toBe("PACK");
  });

  test("a body of flush packets is one round too many: an ERR line, nothing more", async () => {
    const want = await head();
    const body = `${pkt(`want ${want} ${CAPS}\n`)}${FLUSH}${FLUSH.repeat((LIMIT - 200) / 4)}`;
    const answer = await uploadPack(body);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/x-git-upload-pack-result");
    expect(firstLine(answer.body)).toMatch(/^ERR .*round/);
    expect(answer.body.length).toBeLessThan(200);
  });

  test("more have lines than one round may hold: an ERR line", async () => {
    const want = await head();
    const haves = Array.from({ length: 4_097 }, () => pkt(`have ${randomOid()}\n`)).join("");
    const answer = await uploadPack(`${pkt(`want ${want} ${CAPS}\n`)}${FLUSH}${haves}${FLUSH}`);
    expect(answer.status).toBe(200);
    expect(firstLine(answer.body)).toMatch(/^ERR .*have/);
  });

  test("more want lines than a client needs: an ERR line", async () => {
    const want = await head();
    const wants = Array.from({ length: 257 }, (_, i) => pkt(`want ${want}${i === 0 ? ` ${CAPS}` : ""}\n`)).join("");
    const answer = await uploadPack(`${wants}${FLUSH}${pkt("done\n")}`);
    expect(answer.status).toBe(200);
    expect(firstLine(answer.body)).toMatch(/^ERR .*want/);
  });

  test("a want of something the repository does not serve: an ERR line", async () => {
    const answer = await uploadPack(`${pkt(`want ${randomOid()} ${CAPS}\n`)}${FLUSH}${pkt("done\n")}`);
    expect(answer.status).toBe(200);
    expect(firstLine(answer.body)).toMatch(/^ERR .*not our ref/);
  });

  test("clones limited by date, by excluded refs or by filter, which are not offered, get an ERR line", async () => {
    const want = await head();
    for (const line of ["deepen-since 1700000000\n", "deepen-not refs/heads/main\n", "filter blob:none\n"]) {
      const answer = await uploadPack(`${pkt(`want ${want} ${CAPS}\n`)}${pkt(line)}${FLUSH}${pkt("done\n")}`);
      expect(answer.status).toBe(200);
      expect(firstLine(answer.body)).toMatch(/^ERR .*--depth/);
    }
  });

  test("a shallow request names at most 256 shallow commits, and a depth that is a number", async () => {
    const want = await head();
    const shallows = Array.from({ length: 257 }, () => pkt(`shallow ${randomOid()}\n`)).join("");
    const many = await uploadPack(
      `${pkt(`want ${want} ${CAPS}\n`)}${shallows}${pkt("deepen 1\n")}${FLUSH}${pkt("done\n")}`,
    );
    expect(firstLine(many.body)).toMatch(/^ERR .*shallow.*256/);
    const odd = await uploadPack(`${pkt(`want ${want} ${CAPS}\n`)}${pkt("deepen -1\n")}${FLUSH}${pkt("done\n")}`);
    expect(firstLine(odd.body)).toMatch(/^ERR /);
    // git's first round of a shallow fetch: the wants and the depth only. The answer is the shallow lines only.
    const first = await uploadPack(`${pkt(`want ${want} ${CAPS}\n`)}${pkt("deepen 1\n")}${FLUSH}`);
    expect(first.body.toString("latin1")).toMatch(/^(0035shallow [0-9a-f]{40}\n)?0000$/);
  });

  test("the most have lines a round may hold, none known, cost little", async () => {
    const want = await head();
    const haves = Array.from({ length: 4_096 }, () => pkt(`have ${randomOid()}\n`)).join("");
    const body = `${pkt(`want ${want} ${CAPS}\n`)}${FLUSH}${haves}${pkt("done\n")}`;
    expect(body.length).toBeLessThan(LIMIT);
    const started = performance.now();
    const answer = await uploadPack(body);
    const took = performance.now() - started;
    expect(answer.status).toBe(200);
    expect(firstLine(answer.body)).toBe("NAK");
    expect(took).toBeLessThan(1500);
  });
});

describe("git clients", () => {
  /** Publishes a build of one new note. */
  const publish = async (name: string) => {
    const editor = new ApiClient(server.url);
    await editor.login("editor");
    const saved = await editor.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: `/notes/${name}`,
      frontMatter: {
        title: name,
        description: "",
        tags: [],
        toc: false,
        comments: false,
        draft: false,
        intro: false,
      },
      markdown: `Words of ${name}.`,
      baseHash: null,
    });
    expect(saved.status).toBe(201);
    expect((await editor.post("/api/builds/run", { buildId: saved.body.buildId })).status).toBe(200);
  };
  test("a clone, a fetch with nothing new, and the pack checked by git", async () => {
    const repo = await clone(`${server.url}/git/content.git`);
    expect(await git(repo, "rev-parse", "HEAD")).toBe(await head());
    await git(repo, "fetch", "-q", "origin");
    await git(repo, "fsck", "--strict");
    expect(Number(await git(repo, "rev-list", "--count", "HEAD"))).toBeGreaterThan(0);
  });

  test("a fetch into a clone with commits of its own negotiates over several rounds and gets only what it lacks", async () => {
    await publish("before-the-clone");
    const repo = await clone(`${server.url}/git/content.git`);
    // More commits of its own than git's first rounds of haves hold (16, then 32), made in one git process.
    const tip = await git(repo, "rev-parse", "HEAD");
    const stream = Array.from(
      { length: 40 },
      (_, i) =>
        `commit refs/heads/main\ncommitter Reader <r@example.com> ${1_800_000_000 + i} +0000\ndata 7\nmine ${String(i).padStart(2, "0")}\n` +
        (i === 0 ? `from ${tip}\n` : ""),
    ).join("\n");
    execFileSync("git", ["fast-import", "--quiet"], { cwd: repo, input: stream, env: { ...process.env, HOME: repo } });
    await git(repo, "reset", "-q", "--hard", "main");
    await publish("after-the-clone-1");
    await publish("after-the-clone-2");
    const loose = async () => Number(/^count: (\d+)$/m.exec(await git(repo, "count-objects", "-v"))![1]);
    const before = await loose();
    await git(repo, "fetch", "-q", "origin");
    expect(await git(repo, "log", "-2", "--format=%s", "origin/main")).toMatch(/^Build .*\nBuild /);
    expect(await git(repo, "show", "--name-only", "--format=", "origin/main")).toBe(
      "content/en/notes/after-the-clone-2.md",
    );
    // Two commits, each with its trees on the changed path and one file: a small pack, unpacked into loose objects
    // (a whole history of the site would arrive as a pack of hundreds).
    const received = (await loose()) - before;
    expect(received).toBeGreaterThanOrEqual(2 * 5);
    expect(received).toBeLessThan(20);
    await git(repo, "fsck", "--strict");
  });

  test("a shallow clone holds the head's tree; fetched --depth 1 after a build, deepened and unshallowed, it equals a full clone", async () => {
    const url = `${server.url}/git/content.git`;
    await publish("before-the-shallow-clone");
    const shallow = await clone(url, "--depth", "1");
    const full = await clone(url);
    expect(await git(shallow, "rev-parse", "--is-shallow-repository")).toBe("true");
    expect(await git(shallow, "rev-list", "--count", "HEAD")).toBe("1");
    expect(await git(shallow, "rev-parse", "HEAD")).toBe(await git(full, "rev-parse", "HEAD"));
    expect(await git(shallow, "ls-tree", "-r", "HEAD")).toBe(await git(full, "ls-tree", "-r", "HEAD"));
    await git(shallow, "fsck", "--strict");

    await publish("after-the-shallow-clone");
    await git(shallow, "fetch", "-q", "--depth", "1", "origin");
    await git(full, "fetch", "-q", "origin");
    expect(await git(shallow, "rev-parse", "origin/main")).toBe(await git(full, "rev-parse", "origin/main"));
    expect(await git(shallow, "ls-tree", "-r", "origin/main")).toBe(await git(full, "ls-tree", "-r", "origin/main"));
    expect(await git(shallow, "rev-list", "--count", "origin/main")).toBe("1");
    await git(shallow, "fsck", "--strict");

    // One commit deeper than its oldest shallow commit (the first clone's head), as git's own server deepens it;
    // then the whole history.
    await git(shallow, "fetch", "-q", "--deepen", "1", "origin");
    expect(await git(shallow, "rev-list", "--count", "origin/main")).toBe("3");
    await git(shallow, "fetch", "-q", "--unshallow", "origin");
    expect(await git(shallow, "rev-parse", "--is-shallow-repository")).toBe("false");
    expect(await git(shallow, "log", "--format=%H %T", "origin/main")).toBe(
      await git(full, "log", "--format=%H %T", "origin/main"),
    );
    await git(shallow, "fsck", "--strict");
  });
});
