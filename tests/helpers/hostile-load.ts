/**
 * Exhaustion attacks against a real server, measured from outside: the production server runs in a child process
 * (as `npm start` runs it) on a seeded site, the attack runs for a bounded time, and meanwhile the harness samples
 * the server's resident memory and times ordinary requests a visitor would make. A test then holds the figures to
 * its budgets: memory growth (peak minus the baseline before the attack) and the latency of ordinary pages.
 */
import { readFileSync } from "node:fs";
import { startSeededSite } from "./seeded-site";
import type { SiteProcess } from "./site-process";

/** A seeded, installed site in a child process; `stop()` ends it and removes its data folder. */
export async function startHostileSite(env: Record<string, string> = {}): Promise<SiteProcess> {
  return startSeededSite(env);
}

/** The resident memory of process `pid`, in MB (Linux). */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) / 1024;
}

export interface Attack {
  /** Printed with the figures. */
  name: string;
  /** How long the attack runs. */
  seconds: number;
  /** Ordinary requests timed during the attack, taken in turn (default: a post). */
  pages?: string[];
  /** Sends hostile requests until `signal` is aborted; must settle soon after. */
  attack: (signal: AbortSignal) => Promise<unknown>;
}

export interface PathFigures {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  failures: number;
  count: number;
}

export interface AttackReport {
  baselineMb: number;
  peakMb: number;
  /** Peak minus baseline. */
  growthMb: number;
  /** Over every timed request. */
  pageP50Ms: number;
  pageP95Ms: number;
  pageMaxMs: number;
  /** Timed requests that failed or did not answer 200 within the probe's time limit. */
  pageFailures: number;
  probes: number;
  byPath: Record<string, PathFigures>;
  /** What the attack's function returned (counts the test may check). */
  attackResult: unknown;
}

const probeIntervalMs = 250;
const probeTimeoutMs = 15_000;
const sampleIntervalMs = 100;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function figures(latencies: number[], failures: number): PathFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50Ms: Math.round(percentile(sorted, 50)),
    p95Ms: Math.round(percentile(sorted, 95)),
    maxMs: Math.round(sorted.at(-1) ?? 0),
    failures,
    count: latencies.length,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One ordinary request: its time, and whether it answered 200 with its whole body in time. */
async function probe(url: string): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(probeTimeoutMs),
      headers: { "accept-encoding": "gzip" },
    });
    await response.arrayBuffer();
    return { ms: performance.now() - started, ok: response.status === 200 };
  } catch {
    return { ms: performance.now() - started, ok: false };
  }
}

/**
 * The server's memory once it has stopped growing by itself (worker threads warming up after the start): the
 * resident size sampled every half second until two seconds pass with less than 4 MB of change, at most 30 s.
 */
async function settledRssMb(pid: number): Promise<number> {
  const started = Date.now();
  const samples = [rssMb(pid)];
  while (Date.now() - started < 30_000) {
    await sleep(500);
    samples.push(rssMb(pid));
    const recent = samples.slice(-5);
    if (recent.length === 5 && Math.max(...recent) - Math.min(...recent) < 4) break;
  }
  return samples.at(-1)!;
}

/**
 * Runs `attack` against `site` for its time while sampling the server's memory every 100 ms and requesting the
 * ordinary pages one after another (every 250 ms at most); prints one line of figures and returns them.
 */
export async function underAttack(site: SiteProcess, attack: Attack): Promise<AttackReport> {
  const pages = attack.pages ?? ["/tuts/git-bisect"];
  // Warm up: the pages are rendered and cached, the server has settled after its start.
  for (let i = 0; i < 3; i++) for (const page of pages) await probe(site.url + page);
  const baselineMb = await settledRssMb(site.pid);
  let peakMb = baselineMb;

  const controller = new AbortController();
  const sampler = setInterval(() => {
    try {
      peakMb = Math.max(peakMb, rssMb(site.pid));
    } catch {
      // The process ended: the test sees it in the probes' failures.
    }
  }, sampleIntervalMs);

  const latencies = new Map(pages.map((page) => [page, [] as number[]]));
  const failures = new Map(pages.map((page) => [page, 0]));
  const probing = (async () => {
    let turn = 0;
    while (!controller.signal.aborted) {
      const page = pages[turn++ % pages.length]!;
      const { ms, ok } = await probe(site.url + page);
      latencies.get(page)!.push(ms);
      if (!ok) failures.set(page, failures.get(page)! + 1);
      if (ms < probeIntervalMs) await sleep(probeIntervalMs - ms);
    }
  })();

  const attacking = attack.attack(controller.signal).catch((error: unknown) => error);
  await sleep(attack.seconds * 1000);
  controller.abort();
  const [attackResult] = await Promise.all([attacking, probing]);
  clearInterval(sampler);

  const byPath = Object.fromEntries(pages.map((page) => [page, figures(latencies.get(page)!, failures.get(page)!)]));
  const all = figures(
    [...latencies.values()].flat(),
    [...failures.values()].reduce((a, b) => a + b, 0),
  );
  const report: AttackReport = {
    baselineMb: Math.round(baselineMb),
    peakMb: Math.round(peakMb),
    growthMb: Math.round(peakMb - baselineMb),
    pageP50Ms: all.p50Ms,
    pageP95Ms: all.p95Ms,
    pageMaxMs: all.maxMs,
    pageFailures: all.failures,
    probes: all.count,
    byPath,
    attackResult,
  };
  console.log(
    `hostile-load ${attack.name}: RSS ${report.baselineMb} → peak ${report.peakMb} MB (+${report.growthMb}); ` +
      `ordinary requests p50 ${report.pageP50Ms} ms, p95 ${report.pageP95Ms} ms, max ${report.pageMaxMs} ms, ` +
      `${report.pageFailures} of ${report.probes} failed`,
  );
  return report;
}
