/**
 * Requests per second of a cached public page with the visit log on and off, in one run against one server
 * (budget: on ≥ 0.9 × off). The setting is switched through the database, as the settings page does; runs
 * alternate (in turn first and second) so both see the same machine, and each keeps its best. On a machine that
 * other work keeps busy, requests per second say little, so the server's own CPU time per request is measured
 * too (from /proc): its ratio is what the throughput ratio would be on an idle machine. Afterwards every request
 * of the "on" runs must be in the log. Uses wrk (apt-get install -y wrk).
 * Run: npx tsx bench/visit-log.ts [seconds per run, default 10]
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { updateAppConfig } from "~/settings/app-config.server";
import { defaultAppConfig } from "~/settings/app-config";
import { cpuMs } from "./measure";
import { benchPosts, startSeededSite } from "./site";

const seconds = Number(process.argv[2] ?? 10);
const budget = 0.9;
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";

if (spawnSync("wrk", ["--version"]).error) {
  console.error("wrk is needed: sudo apt-get install -y wrk");
  process.exit(2);
}

function wrk(url: string): { rps: number; requests: number } {
  const args = ["-t1", "-c32", `-d${seconds}s`, "-H", `User-Agent: ${browser}`, url];
  const out = spawnSync("wrk", args, { encoding: "utf8" }).stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  if (!Number.isFinite(rps) || /Non-2xx or 3xx responses/.test(out)) throw new Error(`wrk failed for ${url}:\n${out}`);
  return { rps, requests };
}

const site = await startSeededSite();
const connection = await openDatabase(`file:${path.join(site.dataDir, "daftar.db")}`);
const count = async () =>
  Number((await connection.client.execute("select count(*) from page_views")).rows[0]?.[0] ?? 0);
try {
  const post = site.url + benchPosts[0];
  const setLogging = async (enabled: boolean) => {
    await updateAppConfig({ visitLog: { ...defaultAppConfig.visitLog, enabled } }, connection.db);
    // The server follows the change log every half second; then the page is rendered and cached again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await (await fetch(post)).text();
    if ((await fetch(post)).headers.get("x-document-cache") !== "hit") throw new Error("the post is not cached");
  };
  console.log(`cached post ${benchPosts[0]}; ${seconds} s per run, 32 connections`);
  const runs = { on: [] as number[], off: [] as number[] };
  const cpu = { on: [] as number[], off: [] as number[] };
  let logged = 0;
  const measure = async (logging: boolean) => {
    await setLogging(logging);
    const before = await count();
    const cpuBefore = cpuMs(site.pid);
    const run = wrk(post);
    const cpuPerRequest = ((cpuMs(site.pid) - cpuBefore) * 1000) / run.requests;
    runs[logging ? "on" : "off"].push(run.rps);
    cpu[logging ? "on" : "off"].push(cpuPerRequest);
    console.log(
      `  logging ${logging ? "on " : "off"}: ${run.rps.toFixed(0).padStart(5)} req/s, ${cpuPerRequest.toFixed(0)} µs of server CPU a request`,
    );
    if (!logging) return;
    // Every request of the run is written within a couple of seconds.
    const until = Date.now() + 10_000;
    while ((await count()) - before < run.requests && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // The warm-up requests after switching on are views too, so there may be more, never fewer.
    logged = Math.min(logged, (await count()) - before - run.requests);
  };
  for (let round = 0; round < 3; round++) {
    for (const logging of round % 2 ? [true, false] : [false, true]) await measure(logging);
  }
  const on = runs.on;
  const off = runs.off;
  const cpuRatio = Math.min(...cpu.off) / Math.min(...cpu.on);
  console.log(
    `server CPU a request: off ${Math.min(...cpu.off).toFixed(0)} µs, on ${Math.min(...cpu.on).toFixed(0)} µs: an idle machine would serve ${cpuRatio.toFixed(2)} as many requests with the log on`,
  );
  const ratio = Math.max(...on) / Math.max(...off);
  process.exitCode = ratio >= budget && logged >= 0 ? 0 : 1;
  console.log(
    `visit log off ${Math.max(...off).toFixed(0)} req/s   on ${Math.max(...on).toFixed(0)} req/s   ratio ${ratio.toFixed(2)} (budget ${budget})  ${ratio >= budget ? "PASS" : "FAIL"}`,
  );
  console.log(`every request of the "on" runs is in the log: ${logged >= 0 ? "yes" : `no (${-logged} missing)`}`);
} finally {
  connection.client.close();
  await site.stop();
}
