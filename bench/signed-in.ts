/**
 * Requests per second for one post read by an anonymous visitor and by a signed-in member, in the same run on a
 * seeded site: both are the kept document (a public page is the same for every reader), so the signed-in rate
 * must be at least 0.5 of the anonymous one. The reader's own call (`GET /api/auth/reader`, which a page makes
 * once after it arrives), a member's and a visitor's, is measured too, for the record. The server's CPU time per request is given beside each
 * rate (from /proc), since requests per second on a machine other work keeps busy say little; the budget is
 * checked on requests per second and on CPU time, and both must hold.
 * Uses wrk (apt-get install -y wrk).
 * Run: npx tsx bench/signed-in.ts [seconds per run, default 10]
 */
import { spawnSync } from "node:child_process";
import { ApiClient } from "../tests/helpers/api-client";
import { cpuMs } from "./measure";
import { benchPosts, startSeededSite } from "./site";

const seconds = Number(process.argv[2] ?? 10);
const budget = 0.5;
const browserEncoding = "br, gzip";

if (spawnSync("wrk", ["--version"]).error) {
  console.error("wrk is needed: sudo apt-get install -y wrk");
  process.exit(2);
}

interface Run {
  rps: number;
  /** Microseconds of the server's CPU per request. */
  cpu: number;
  p99: string;
}

function wrk(url: string, headers: Record<string, string>): Run {
  const args = ["-t1", "-c32", `-d${seconds}s`, "--latency"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  const cpuBefore = cpuMs(site.pid);
  const out = spawnSync("wrk", [...args, url], { encoding: "utf8" }).stdout;
  const cpuAfter = cpuMs(site.pid);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
  if (!Number.isFinite(rps) || errors) throw new Error(`wrk failed for ${url}:\n${out}`);
  return { rps, cpu: ((cpuAfter - cpuBefore) * 1000) / requests, p99: /99%\s+(\S+)/.exec(out)?.[1] ?? "?" };
}

const rate = ({ rps, cpu, p99 }: Run) =>
  `${rps.toFixed(0).padStart(6)} req/s ${cpu.toFixed(0).padStart(5)} µs CPU  p99 ${p99}`;

const site = await startSeededSite();
try {
  const post = site.url + benchPosts[1];
  const member = new ApiClient(site.url, "en");
  await member.login("member");
  const signedIn = { "Accept-Encoding": browserEncoding, Cookie: `locale=en; ${member.cookieHeader}` };
  const anonymous = { "Accept-Encoding": browserEncoding };
  // A member's first reading renders the document and keeps it; the visitor's and the member's next are hits.
  for (const headers of [signedIn, anonymous, signedIn]) {
    const answer = await fetch(post, { headers });
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`the post answered ${answer.status}`);
    if (headers === signedIn && answer.headers.has("set-cookie")) throw new Error("a kept answer set a cookie");
  }
  const check = await fetch(post, { headers: signedIn });
  await check.arrayBuffer();
  if (check.headers.get("x-document-cache") !== "hit") throw new Error("the member was not served the kept post");
  console.log(`post ${benchPosts[1]}, Accept-Encoding: ${browserEncoding}; ${seconds} s per run, 32 connections`);

  // Each in turn, twice; each one's best run.
  const runs = { anonymous: [] as Run[], signedIn: [] as Run[], reader: [] as Run[], nobody: [] as Run[] };
  for (let round = 0; round < 2; round++) {
    runs.anonymous.push(wrk(post, anonymous));
    runs.signedIn.push(wrk(post, signedIn));
    runs.reader.push(wrk(`${site.url}/api/auth/reader`, { Cookie: member.cookieHeader }));
    runs.nobody.push(wrk(`${site.url}/api/auth/reader`, {}));
  }
  const best = (all: Run[]): Run => ({
    rps: Math.max(...all.map((r) => r.rps)),
    cpu: Math.min(...all.map((r) => r.cpu)),
    p99: all.reduce((a, b) => (a.rps >= b.rps ? a : b)).p99,
  });
  const [visitor, reader, call, nobody] = [runs.anonymous, runs.signedIn, runs.reader, runs.nobody].map(best) as [
    Run,
    Run,
    Run,
    Run,
  ];
  console.log(`anonymous        ${rate(visitor)}`);
  console.log(`signed in        ${rate(reader)}`);
  console.log(`the reader call  ${rate(call)}   (a member's)`);
  console.log(`the reader call  ${rate(nobody)}   (a visitor's)`);
  const byRps = reader.rps / visitor.rps;
  const byCpu = visitor.cpu / reader.cpu;
  const ok = byRps >= budget && byCpu >= budget;
  console.log(
    `signed in / anonymous: ${byRps.toFixed(2)} by req/s, ${byCpu.toFixed(2)} by CPU (budget ${budget}) ${ok ? "PASS" : "FAIL"}`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await site.stop();
}
process.exit();
