/**
 * Import benchmark, as an owner does it from the dashboard: a WordPress export of 5,000 posts (half Persian, half
 * English, as the block editor writes them), 50,000 comments in threads and 2,000 images (small JPEGs, their
 * uploads folder zipped) sent to a seeded site (a child process, the production build) through its API: the
 * export (read in a process the server starts, previewed), the zip, then the import, whose progress is asked every
 * second as the Import screen asks it. Meanwhile a reader asks for a page every 250 ms, in turn an article (kept
 * by the document cache) and an address no page has (read from the database each time).
 *
 * Reported: each step's time and the whole (budget: under 2 minutes), the site's memory (the server's process
 * only: its peak resident set, budget: under 600 MB) and its CPU time (which the machine's load changes little),
 * apart from it the peak of the processes it starts (the export's reader), the reader's latency meanwhile (median,
 * 99th percentile, worst), and the progress seen.
 *
 * Run: npx tsx bench/import.ts [posts, default 5000]   (exits non-zero over budget)
 * SITE_NODE_OPTIONS is given to the site as its NODE_OPTIONS (a heap bound, --heapsnapshot-signal, to study it).
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { largeUploadsZip, largeWordPressExport } from "../tests/fixtures/import/large-export";
import { ApiClient } from "../tests/helpers/api-client";
import { cpuMs } from "./measure";
import { benchPosts, startSeededSite } from "./site";

const POSTS = Number(process.argv[2] ?? 5000);
const COMMENTS_PER_POST = 10;
const IMAGES = Math.min(2000, POSTS);
const BUDGET_MS = 120_000;
const BUDGET_MB = 600;

const site = await startSeededSite(
  process.env.SITE_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SITE_NODE_OPTIONS } : {},
);

/** The site's resident memory now and at its peak, in MB (Linux's own count for the process). */
function siteMemory(): { now: number; peak: number } {
  const status = readFileSync(`/proc/${site.pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { now: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** The peak resident set of each process the site started (the export's reader), by pid, in MB. */
const childPeaks = new Map<number, number>();

/** Samples the site's child processes: their memory is not the site's, and is reported apart. */
function sampleChildren(): void {
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      if (Number(/PPid:\s+(\d+)/.exec(status)?.[1]) !== site.pid) continue;
      const peak = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      childPeaks.set(Number(pid), Math.max(childPeaks.get(Number(pid)) ?? 0, peak));
    } catch {
      // The process has ended.
    }
  }
}

/** Whether the reader and the progress's watcher go on asking (they stop with the import, or with a failure). */
let reading = true;
let running = true;

async function retried<T>(call: () => Promise<T>, tries = 3): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await call();
    } catch (error) {
      if (n >= tries) throw error;
    }
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

try {
  process.stdout.write(`Making the export (${POSTS} posts) and the zip (${IMAGES} images)… `);
  const exportBytes = new TextEncoder().encode(
    largeWordPressExport({ posts: POSTS, commentsPerPost: COMMENTS_PER_POST, images: IMAGES }),
  );
  const zip = await largeUploadsZip(IMAGES);
  console.log(`${(exportBytes.length / 1e6).toFixed(1)} MB and ${(zip.length / 1e6).toFixed(1)} MB`);
  const owner = new ApiClient(site.url);
  await owner.login("admin");
  const before = siteMemory().now;
  const cpuBefore = cpuMs(site.pid) / 1000;

  // The reader, every 250 ms, while the import goes on.
  const latencies: number[] = [];
  const slow: string[] = [];
  const benchStart = performance.now();
  const worst = { cached: 0, database: 0 };
  const reader = (async () => {
    for (let n = 0; reading; n++) {
      const database = n % 2 === 1;
      const start = performance.now();
      const answer = await fetch(site.url + (database ? "/نشانی-که-نیست" : benchPosts[1])).catch(() => null);
      if (!answer) break;
      await answer.text();
      if (answer.status !== (database ? 404 : 200)) throw new Error(`the reader's page answered ${answer.status}`);
      const ms = performance.now() - start;
      latencies.push(ms);
      if (ms > 300) slow.push(`${((performance.now() - benchStart) / 1000).toFixed(1)}s ${ms.toFixed(0)} ms`);
      worst[database ? "database" : "cached"] = Math.max(worst[database ? "database" : "cached"], ms);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();

  // The site's memory through the steps: the peak of each.
  let step = "upload";
  const peaks = new Map<string, number>();
  const sampler = setInterval(() => {
    try {
      peaks.set(step, Math.max(peaks.get(step) ?? 0, siteMemory().now));
      sampleChildren();
    } catch {
      // The site has ended.
    }
  }, 250);
  const started = performance.now();
  const sent = await owner.raw("POST", "/api/import/upload?kind=wordpress&name=bench.xml", {
    body: exportBytes,
    headers: { "Content-Type": "application/octet-stream" },
  });
  if (sent.status !== 201) throw new Error(`the upload answered ${sent.status}: ${await sent.text()}`);
  const { uploadId } = (await sent.json()) as { uploadId: number };
  const uploaded = performance.now();
  const media = await owner.raw("POST", `/api/import/media?uploadId=${uploadId}`, {
    body: zip,
    headers: { "Content-Type": "application/zip" },
  });
  if (media.status !== 201) throw new Error(`the zip answered ${media.status}: ${await media.text()}`);
  const zipped = performance.now();
  step = "run";

  // The Import screen asks for the progress every second.
  const seen: string[] = [];
  const watcher = (async () => {
    while (running) {
      const { body } = await owner.get<{ progress: { state: string; phase: string; done: number; total: number } }>(
        "/api/import/progress",
      );
      const p = body.progress;
      if (p?.state === "running") step = p.phase;
      if (p?.state === "running")
        seen.push(`${((performance.now() - started) / 1000).toFixed(0)}s ${p.phase} ${p.done}/${p.total}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  // A site that ends mid-import is reported by the import's own calls below, with what the site said.
  watcher.catch(() => {});
  type Report = { pages: number; comments: number; images: number; imageFailures: unknown[]; buildId: number };
  const run = await owner.post<{ report?: Report; runId?: number }>("/api/import/run", { uploadId, locales: {} });
  if (run.status !== 200 && run.status !== 202)
    throw new Error(`the import answered ${run.status}: ${JSON.stringify(run.body)}`);
  // A large import goes on after its call answers (202): followed to its end as the Import screen follows it.
  let report = run.body.report;
  while (!report) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    // A kept-alive connection the site closed meanwhile fails the call (ECONNRESET): asked again, a few times.
    const { body } = await retried(() =>
      owner.get<{ progress: { state: string; report: Report | null; error: unknown } }>("/api/import/progress"),
    );
    if (body.progress.state === "failed") throw new Error(`the import failed: ${JSON.stringify(body.progress.error)}`);
    if (body.progress.state === "done") report = body.progress.report!;
  }
  const finished = performance.now();
  running = false;
  reading = false;
  await Promise.all([reader, watcher]);
  const memory = siteMemory();
  const cpu = cpuMs(site.pid) / 1000 - cpuBefore;
  clearInterval(sampler);

  latencies.sort((a, b) => a - b);
  const total = finished - started;
  console.log(
    `Imported ${report.pages} items, ${report.comments} comments, ${report.images} images ` +
      `(${report.imageFailures.length} images failed) into build #${report.buildId}`,
  );
  console.log(
    `  export sent, read and previewed ${((uploaded - started) / 1000).toFixed(1)} s, zip sent and checked ` +
      `${((zipped - uploaded) / 1000).toFixed(1)} s, import ${((finished - zipped) / 1000).toFixed(1)} s; ` +
      `in all ${(total / 1000).toFixed(1)} s (budget ${BUDGET_MS / 1000} s)`,
  );
  console.log(
    `  site's memory: ${before.toFixed(0)} MB before, ${memory.now.toFixed(0)} MB after, peak ${memory.peak.toFixed(0)} MB (budget ${BUDGET_MB} MB); ` +
      `peaks by step: ${[...peaks].map(([name, mb]) => `${name} ${mb.toFixed(0)} MB`).join(", ")}; ` +
      `its CPU time meanwhile ${cpu.toFixed(1)} s`,
  );
  const children = [...childPeaks.values()].map((mb) => `${mb.toFixed(0)} MB`);
  console.log(`  apart from the site: ${children.length} child processes, peaks ${children.join(", ") || "none"}`);
  console.log(
    `  reader meanwhile: ${latencies.length} answers, median ${percentile(latencies, 50).toFixed(0)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(0)} ms, worst ${latencies.at(-1)?.toFixed(0)} ms ` +
      `(kept page ${worst.cached.toFixed(0)} ms, from the database ${worst.database.toFixed(0)} ms)`,
  );
  if (process.env.BENCH_SLOW)
    console.log(`  slow answers: ${slow.join(", ")}; upload done ${((uploaded - benchStart) / 1000).toFixed(1)}s`);
  const shown = seen.length > 12 ? [...seen.slice(0, 6), "…", ...seen.slice(-6)] : seen;
  console.log(`  progress seen: ${shown.join(" · ")}`);
  if (total > BUDGET_MS || memory.peak > BUDGET_MB) process.exitCode = 1;
} catch (error) {
  // Both loops stop, or they would keep the bench from ending.
  reading = false;
  running = false;
  console.error(error, `\nThe site said:\n${site.output().slice(-3000)}`);
  process.exitCode = 1;
} finally {
  await site.stop();
  rmSync(site.dataDir, { recursive: true, force: true });
}
