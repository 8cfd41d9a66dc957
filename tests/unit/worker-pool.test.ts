/**
 * Work off the event loop (app/lib/worker-pool.server.ts), with the real markdown worker started from its source:
 * a job past its CPU time or its memory is stopped and refused and its thread replaced, a full queue refuses at
 * once, and a lane kept from every thread leaves one for the other lane.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { RenderJob } from "~/content/markdown/render-markdown.server";
import type { RenderedMarkdown } from "~/content/markdown/rendered-markdown";
import { WorkerPool, type WorkerPoolOptions } from "~/lib/worker-pool.server";
import { WorkRefused } from "~/lib/work-queue.server";

const root = path.resolve(import.meta.dirname, "../..");
/** A long text of ordinary writing (a changelog): about 2 s of rendering for 400 KB. */
const long = readFileSync(path.join(root, "node_modules/react-router/CHANGELOG.md"), "utf8");

type Lane = "pages" | "drafts";
const pools: WorkerPool<RenderJob, RenderedMarkdown, Lane>[] = [];

function pool(options: Partial<WorkerPoolOptions<Lane>> = {}) {
  const made = new WorkerPool<RenderJob, RenderedMarkdown, Lane>({
    entry: "markdown-worker",
    threads: 1,
    lanes: { pages: { queue: 10, maxWaitMs: 60_000 }, drafts: { queue: 10, maxWaitMs: 60_000 } },
    cpuLimitMs: 20_000,
    wallLimitMs: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: 256 },
    refusal: (kind, cpuLimitMs) =>
      kind === "time"
        ? { key: "content.markdown.tooComplex", vars: { seconds: cpuLimitMs / 1000 } }
        : { key: "content.markdown.tooBig" },
    ...options,
  });
  pools.push(made);
  return made;
}

const job = (markdown: string): RenderJob => ({ markdown, options: { locale: "en" } });

async function refusal(promise: Promise<unknown>): Promise<WorkRefused> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(WorkRefused);
  return error as WorkRefused;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe("a job past its limits is stopped, refused, and its thread replaced", () => {
  test("CPU time (the job's own limit, over the pool's)", async () => {
    const renderer = pool({ cpuLimitMs: 60_000 });
    renderer.warm();
    const stopped = await refusal(renderer.run("pages", job(long), { cpuLimitMs: 150 }));
    expect(stopped).toMatchObject({ kind: "time", status: 422, key: "content.markdown.tooComplex" });
    expect(stopped.vars).toEqual({ seconds: 0.15 });
    const next = await renderer.run("pages", job("# Next"));
    expect(next.html).toContain("Next");
  }, 60_000);

  test("memory", async () => {
    const renderer = pool({ resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 } });
    const stopped = await refusal(renderer.run("pages", job(long.repeat(3).slice(0, 400_000))));
    expect(stopped).toMatchObject({ kind: "memory", status: 422, key: "content.markdown.tooBig" });
    const next = await renderer.run("pages", job("# Next"));
    expect(next.html).toContain("Next");
  }, 60_000);

  test("stack: HTML nested thousands deep", async () => {
    const renderer = pool();
    const stopped = await refusal(renderer.run("pages", job("<div>".repeat(20_000))));
    expect(stopped).toMatchObject({ kind: "failed", status: 422, key: "content.markdown.tooBig" });
    const next = await renderer.run("pages", job("# Next"));
    expect(next.html).toContain("Next");
  }, 60_000);

  test("waiting: a job unanswered past the wall limit is refused as busy", async () => {
    const renderer = pool({ wallLimitMs: 100 });
    const stopped = await refusal(renderer.run("pages", job(long)));
    expect(stopped).toMatchObject({ kind: "busy", status: 503, headers: { "Retry-After": "5" } });
  }, 60_000);
});

describe("the queue", () => {
  test("a full lane refuses at once with 503, busy", async () => {
    const renderer = pool({
      lanes: { pages: { queue: 1, maxWaitMs: 60_000 }, drafts: { queue: 1, maxWaitMs: 60_000 } },
    });
    const started = performance.now();
    const jobs = Array.from({ length: 4 }, () => renderer.run("pages", job(long.slice(0, 50_000))));
    const outcomes = await Promise.allSettled(jobs);
    const refused = outcomes.filter((o) => o.status === "rejected").map((o) => (o as PromiseRejectedResult).reason);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(2);
    expect(refused).toHaveLength(2);
    for (const error of refused) expect(error).toMatchObject({ kind: "busy", status: 503, key: "common.error.busy" });
    expect(performance.now() - started).toBeLessThan(30_000);
  }, 60_000);

  test("a job that waited past its lane's wait is refused as busy, not started", async () => {
    const renderer = pool({ lanes: { pages: { queue: 5, maxWaitMs: 50 }, drafts: { queue: 5, maxWaitMs: 50 } } });
    renderer.warm();
    const first = renderer.run("pages", job(long));
    const waiting = await refusal(renderer.run("pages", job("# Late")));
    expect(waiting.kind).toBe("busy");
    await first;
  }, 60_000);

  test("a job whose caller went away leaves the queue without running", async () => {
    const renderer = pool();
    renderer.warm();
    const first = renderer.run("drafts", job(long));
    const caller = new AbortController();
    const waiting = refusal(renderer.run("drafts", job("# Gone"), { signal: caller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(renderer.stats().drafts.waiting).toBe(1);
    caller.abort();
    expect((await waiting).kind).toBe("busy");
    expect(renderer.stats().drafts.waiting).toBe(0);
    await first;
  }, 60_000);

  test("drafts never hold every thread: a page starts while drafts wait", async () => {
    const renderer = pool({
      threads: 2,
      lanes: { pages: { queue: 10, maxWaitMs: 60_000 }, drafts: { queue: 10, running: 1, maxWaitMs: 60_000 } },
    });
    renderer.warm();
    await Promise.all([renderer.run("pages", job("# Warm")), renderer.run("pages", job("# Warm"))]);
    const drafts = [renderer.run("drafts", job(long)), renderer.run("drafts", job(long))];
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renderer.stats().drafts).toEqual({ running: 1, waiting: 1 });
    const started = performance.now();
    await renderer.run("pages", job("# Page"));
    const pageMs = performance.now() - started;
    await Promise.all(drafts);
    // The page did not wait for a draft: it took a small part of one draft's time.
    expect(pageMs).toBeLessThan(1_000);
  }, 60_000);
});

describe("threads beyond those kept ready", () => {
  test("start when jobs need them and end once idle; the kept one stays and still answers", async () => {
    const renderer = pool({ threads: 2, kept: 1, idleMs: 300 });
    renderer.warm();
    expect(renderer.size).toBe(1);
    // Two jobs at once: the second needs a second thread.
    const [a, b] = await Promise.all([renderer.run("pages", job("# A")), renderer.run("pages", job("# B"))]);
    expect(a.html + b.html).toMatch(/A[\s\S]*B/);
    expect(renderer.size).toBe(2);
    await expect.poll(() => renderer.size, { timeout: 10_000, interval: 50 }).toBe(1);
    const next = await renderer.run("pages", job("# Next"));
    expect(next.html).toContain("Next");
    expect(renderer.size).toBe(1);
  }, 60_000);

  test("a pool that keeps every thread ends none", async () => {
    const renderer = pool({ threads: 2, idleMs: 100 });
    await Promise.all([renderer.run("pages", job("# A")), renderer.run("pages", job("# B"))]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(renderer.size).toBe(2);
  }, 60_000);
});
