/**
 * Requests per second for a cached post page compared with the same bytes served as static files by the same
 * server, in the same run. Uncompressed, the cached post must make at least 0.6 of the static file's rate. With
 * gzip and with brotli it must make at least 0.9 of the rate of the same compressed bytes served from a
 * precompressed static file, and at least 3 times the rate of the static file compressed on every request (what
 * every compressed answer cost before documents were kept compressed). On a machine that other work keeps busy,
 * requests per second say little, so the server's own CPU time per request is measured too (from /proc): the
 * budgets are checked on its ratios, which are what the throughput ratios would be on an idle machine.
 * Uses wrk (apt-get install -y wrk).
 * Run: npx tsx bench/throughput.ts [seconds per run, default 10]
 */
import { spawnSync } from "node:child_process";
import { request } from "node:http";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildIfStale, projectRoot } from "../scripts/build-if-stale";
import { cpuMs } from "./measure";
import { benchPosts, startSeededSite } from "./site";

const seconds = Number(process.argv[2] ?? 10);
const budgets = { identity: 0.6, precompressed: 0.9, onTheFly: 3 };

if (spawnSync("wrk", ["--version"]).error) {
  console.error("wrk is needed: sudo apt-get install -y wrk");
  process.exit(2);
}

type Encoding = "identity" | "gzip" | "br";

interface Run {
  rps: number;
  /** Microseconds of the server's CPU per request. */
  cpu: number;
}

function wrk(url: string, encoding: Encoding): Run {
  const args = ["-t1", "-c32", `-d${seconds}s`, "--latency", "-H", `Accept-Encoding: ${encoding}`, url];
  const cpuBefore = cpuMs(site.pid);
  const out = spawnSync("wrk", args, { encoding: "utf8" }).stdout;
  const cpuAfter = cpuMs(site.pid);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
  if (!Number.isFinite(rps) || errors) throw new Error(`wrk failed for ${url}:\n${out}`);
  return { rps, cpu: ((cpuAfter - cpuBefore) * 1000) / requests };
}

/** An answer's bytes as they came over the wire, and its headers. */
function wire(url: string, encoding: Encoding): Promise<{ headers: Record<string, unknown>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { "accept-encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

/** Runs each address in turn, twice, and keeps each one's best run (most requests, least CPU each). */
function best(urls: string[], encoding: Encoding): Run[] {
  const runs = urls.map(() => [] as Run[]);
  for (let round = 0; round < 2; round++) urls.forEach((url, i) => runs[i]!.push(wrk(url, encoding)));
  return runs.map((all) => ({ rps: Math.max(...all.map((r) => r.rps)), cpu: Math.min(...all.map((r) => r.cpu)) }));
}

const rate = ({ rps, cpu }: Run) => `${rps.toFixed(0).padStart(6)} req/s ${cpu.toFixed(0).padStart(5)} µs CPU`;
/** The cached post's rate against another's: by requests per second, and by server CPU per request (checked). */
function verdict(cached: Run, other: Run, budget: number): [string, boolean] {
  const byCpu = other.cpu / cached.cpu;
  const pass = byCpu >= budget;
  return [
    `${(cached.rps / other.rps).toFixed(2)} by req/s, ${byCpu.toFixed(2)} by CPU (budget ${budget}) ${pass ? "PASS" : "FAIL"}`,
    pass,
  ];
}

// The server serves the build's public files under the entries its folder had when it started: the static copies
// go in a folder of their own, made before the site starts, and are written in it once the post is known.
buildIfStale();
const staticFolder = "bench-static";
const staticDir = path.join(projectRoot, "build/client", staticFolder);
mkdirSync(staticDir, { recursive: true });
const site = await startSeededSite();
const staticName = `${staticFolder}/copy.html`;
let ok = true;
try {
  const post = site.url + benchPosts[0];
  // The first request renders and keeps the document; the next must come from the cache.
  await wire(post, "identity");
  const plain = await wire(post, "identity");
  if (plain.headers["x-document-cache"] !== "hit") throw new Error("the post page was not served from the cache");
  // The static files: the document as it is (compressed on every request when asked), and its stored brotli and
  // gzip bytes as precompressed files. express.static sends those as they are (typed by their extension, without
  // Content-Encoding: the same bytes and the same work as a precompressed file served with its encoding).
  const files: Record<Encoding, string> = { identity: staticName, gzip: `${staticName}.gz`, br: `${staticName}.br` };
  const sizes: string[] = [];
  for (const encoding of ["identity", "gzip", "br"] as const) {
    const answer = encoding === "identity" ? plain : await wire(post, encoding);
    if ((answer.headers["content-encoding"] ?? "identity") !== encoding) throw new Error(`no ${encoding} answer`);
    writeFileSync(path.join(projectRoot, "build/client", files[encoding]), answer.bytes);
    sizes.push(`${encoding} ${(answer.bytes.length / 1024).toFixed(1)} KB`);
  }
  console.log(`post ${benchPosts[0]}: ${sizes.join(", ")}; ${seconds} s per run, 32 connections`);

  const [file, page] = best([`${site.url}/${files.identity}`, post], "identity");
  const [identity, identityPass] = verdict(page!, file!, budgets.identity);
  ok &&= identityPass;
  console.log(`identity  static file ${rate(file!)}   cached post ${rate(page!)}`);
  console.log(`          cached/static ${identity}`);
  for (const encoding of ["gzip", "br"] as const) {
    const [onTheFly, precompressed, cached] = best(
      [`${site.url}/${files.identity}`, `${site.url}/${files[encoding]}`, post],
      encoding,
    );
    const [toPrecompressed, precompressedPass] = verdict(cached!, precompressed!, budgets.precompressed);
    const [toOnTheFly, onTheFlyPass] = verdict(cached!, onTheFly!, budgets.onTheFly);
    ok &&= precompressedPass && onTheFlyPass;
    console.log(
      `${encoding.padEnd(8)}  static file compressed per request ${rate(onTheFly!)}   precompressed ${rate(precompressed!)}   cached post ${rate(cached!)}`,
    );
    console.log(`          cached/precompressed ${toPrecompressed}`);
    console.log(`          cached/compressed per request ${toOnTheFly}`);
  }
} finally {
  rmSync(staticDir, { recursive: true, force: true });
  await site.stop();
}
process.exit(ok ? 0 : 1);
