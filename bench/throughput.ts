/**
 * Requests per second for a cached post page compared with the same bytes served as a static file by the same
 * server, in the same run (budget: at least 0.6 of static). Uses wrk (apt-get install -y wrk).
 * Run: npx tsx bench/throughput.ts [seconds per run, default 10]
 */
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "../scripts/build-if-stale";
import { benchPosts, startSeededSite } from "./site";

const seconds = Number(process.argv[2] ?? 10);
const budget = 0.6;

if (spawnSync("wrk", ["--version"]).error) {
  console.error("wrk is needed: sudo apt-get install -y wrk");
  process.exit(2);
}

function wrk(url: string, gzip: boolean): number {
  const args = ["-t1", "-c32", `-d${seconds}s`, "--latency", url];
  if (gzip) args.unshift("-H", "Accept-Encoding: gzip");
  const out = spawnSync("wrk", args, { encoding: "utf8" }).stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
  if (!Number.isFinite(rps) || errors) throw new Error(`wrk failed for ${url}:\n${out}`);
  return rps;
}

const site = await startSeededSite();
const staticName = "bench-static-copy.html";
const staticFile = path.join(projectRoot, "build/client", staticName);
let ok = true;
try {
  const post = site.url + benchPosts[0];
  // The first request renders and caches the document; the second must come from the cache.
  await (await fetch(post)).text();
  const cached = await fetch(post);
  if (cached.headers.get("x-document-cache") !== "hit") throw new Error("the post page was not served from the cache");
  const bytes = await cached.text();
  writeFileSync(staticFile, bytes);
  console.log(
    `post ${benchPosts[0]}: ${(Buffer.byteLength(bytes) / 1024).toFixed(1)} KB of HTML; ${seconds} s per run, 32 connections`,
  );

  for (const gzip of [false, true]) {
    // Alternate the two, twice, and keep each one's best run: both see the same machine.
    const page: number[] = [];
    const file: number[] = [];
    for (let round = 0; round < 2; round++) {
      file.push(wrk(`${site.url}/${staticName}`, gzip));
      page.push(wrk(post, gzip));
    }
    const ratio = Math.max(...page) / Math.max(...file);
    const pass = ratio >= budget;
    ok &&= pass;
    console.log(
      `${gzip ? "gzip    " : "identity"}  static file ${Math.max(...file)
        .toFixed(0)
        .padStart(6)} req/s   cached post ${Math.max(...page)
        .toFixed(0)
        .padStart(6)} req/s   ratio ${ratio.toFixed(2)} (budget ${budget})  ${pass ? "PASS" : "FAIL"}`,
    );
  }
} finally {
  rmSync(staticFile, { force: true });
  await site.stop();
}
process.exit(ok ? 0 : 1);
