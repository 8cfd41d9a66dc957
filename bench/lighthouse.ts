/**
 * Lighthouse (mobile, its default simulated throttling) on a Persian and an English post, and on a post with three
 * large photographs in each language (uploaded and published through the API first). Budgets:
 * performance ≥ 98, accessibility 100, best practices 100, SEO 100. Then the editor, signed in as the owner (a
 * session cookie sent with every request), on a new page and on a post in each language: performance ≥ 90 and the
 * editor ready to type (time to interactive) within 3 s; it is a private page, so SEO is not counted. Prints every
 * audit that costs points.
 * Needs the `lighthouse` devDependency; runs Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 * Lighthouse varies from run to run on a busy machine, so each page is measured several times (default 3) and
 * the run with the median performance score is reported, as Lighthouse's own documentation advises.
 * Run: npx tsx bench/lighthouse.ts [runs]; ONLY=public or ONLY=editor for one half, or ONLY=/tuts/git-bisect,/en/tuts/git-bisect
 * for those pages only.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromiumFlags, chromiumPath } from "../playwright.config";
import { projectRoot } from "../scripts/build-if-stale";
import type { SiteProcess } from "../tests/helpers/site-process";
import { benchPosts, publishPhotoPosts, startSeededSite } from "./site";

const budgets: Record<string, number> = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };
const editorBudgets: Record<string, number> = { performance: 90, accessibility: 100, "best-practices": 100 };
/** The editor's pages, and how soon the editor must be ready to type (Lighthouse's time to interactive). */
const editorPages = ["/manage/editor", "/manage/editor/fa/tuts/git-bisect", "/en/manage/editor/en/tuts/git-bisect"];
const editorInteractiveMs = 3000;

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  details?: { items?: { items?: { node?: { snippet?: string } }[] }[] };
}
interface Report {
  categories: Record<string, { score: number; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
}

const bin = process.env.LIGHTHOUSE_BIN ?? path.join(projectRoot, "node_modules/.bin/lighthouse");
if (!existsSync(bin)) {
  console.error("Lighthouse is not installed: npm install (it is a devDependency), or set LIGHTHOUSE_BIN.");
  process.exit(2);
}

// Asynchronous on purpose: a blocked event loop would leave this process holding keep-alive sockets the
// server has already closed.
async function lighthouse(url: string, headers?: Record<string, string>): Promise<Report> {
  const { stdout } = await promisify(execFile)(
    bin,
    [
      url,
      "--only-categories=performance,accessibility,best-practices,seo",
      "--output=json",
      "--output-path=stdout",
      "--quiet",
      `--chrome-flags=${chromiumFlags.join(" ")}`,
      ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
    ],
    { encoding: "utf8", env: { ...process.env, CHROME_PATH: chromiumPath }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Report;
}

const runs = Math.max(1, Number(process.argv[2] ?? 3));

/** The report whose performance score is the median of several runs. */
async function medianRun(url: string, headers?: Record<string, string>): Promise<{ report: Report; all: number[] }> {
  const reports: Report[] = [];
  for (let i = 0; i < runs; i++) {
    // A run that fails to record its trace (it happens on a loaded machine) is run again, once.
    reports.push(await lighthouse(url, headers).catch(() => lighthouse(url, headers)));
  }
  reports.sort((a, b) => a.categories.performance!.score - b.categories.performance!.score);
  // LIGHTHOUSE_OUT=dir keeps every run's report (its request chains, long tasks and main-thread breakdown).
  const out = process.env.LIGHTHOUSE_OUT;
  if (out) {
    mkdirSync(out, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, "_");
    reports.forEach((r, i) => writeFileSync(path.join(out, `${name}.${i}.json`), JSON.stringify(r)));
  }
  const all = reports.map((r) => Math.round(r.categories.performance!.score * 100));
  return { report: reports[Math.floor((reports.length - 1) / 2)]!, all };
}

/** Measures `url` and prints its scores against `pageBudgets`; false when one is missed. */
async function measure(
  site: SiteProcess,
  path: string,
  pageBudgets: Record<string, number>,
  headers?: Record<string, string>,
): Promise<{ ok: boolean; report: Report }> {
  let ok = true;
  const { report, all } = await medianRun(site.url + path, headers);
  const scores = Object.entries(pageBudgets).map(([id, budget]) => {
    const score = Math.round(report.categories[id]!.score * 100);
    ok &&= score >= budget;
    return `${id} ${score}${score >= budget ? "" : ` (budget ${budget})`}`;
  });
  const m = (id: string) => report.audits[id]?.displayValue ?? "?";
  console.log(`${path.padEnd(22)} ${scores.join("  ")}   (performance of ${runs} runs: ${all.join(", ")})`);
  console.log(
    `${"".padEnd(22)} FCP ${m("first-contentful-paint")}  LCP ${m("largest-contentful-paint")}  TBT ${m("total-blocking-time")}  CLS ${m("cumulative-layout-shift")}  SI ${m("speed-index")}  TTI ${m("interactive")}`,
  );
  const lcp = report.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet;
  if (lcp) console.log(`${"".padEnd(22)} LCP element: ${lcp.slice(0, 120)}`);
  for (const [id, category] of Object.entries(report.categories)) {
    if (!(id in pageBudgets)) continue;
    for (const ref of category.auditRefs) {
      const audit = report.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1 || ref.weight === 0) continue;
      if (["informative", "notApplicable", "manual"].includes(audit.scoreDisplayMode)) continue;
      console.log(`    ${id}: ${audit.title} (${audit.displayValue ?? `score ${audit.score}`})`);
    }
  }
  return { ok, report };
}

const site = await startSeededSite();
let ok = true;
try {
  // "public" or "editor": one half of the run; or addresses, comma-separated: those pages only.
  const only = process.env.ONLY;
  const chosen = only && only !== "public" && only !== "editor" ? only.split(",") : undefined;
  const wanted = (path: string) => !chosen || chosen.includes(path);
  if (only !== "editor") {
    // The photographs' posts take a while to publish: only when one of them is measured.
    const photoPosts = !chosen || chosen.some((path) => path.endsWith("/notes/photographs"));
    for (const post of [...benchPosts, ...(photoPosts ? await publishPhotoPosts(site) : [])].filter(wanted)) {
      await (await fetch(site.url + post)).text(); // rendered and cached before Lighthouse looks
      ok = (await measure(site, post, budgets)).ok && ok;
    }
  }
  if (only !== "public" && (!chosen || editorPages.some(wanted))) {
    const { ApiClient } = await import("../tests/helpers/api-client");
    const owner = new ApiClient(site.url);
    await owner.login("admin");
    for (const path of editorPages.filter(wanted)) {
      // Asked for once first, as the posts are: the server's first editor page starts its rendering threads and
      // compiles its code, on the same two cores as the browser being measured.
      await (await fetch(site.url + path, { headers: { Cookie: owner.cookieHeader } })).text();
      const result = await measure(site, path, editorBudgets, { Cookie: owner.cookieHeader });
      const interactive = result.report.audits.interactive?.numericValue ?? Infinity;
      const ready = interactive <= editorInteractiveMs;
      ok = result.ok && ready && ok;
      console.log(
        `${"".padEnd(22)} ready to type in ${(interactive / 1000).toFixed(1)} s (budget ${editorInteractiveMs / 1000} s)${ready ? "" : "  FAIL"}`,
      );
    }
  }
} catch (error) {
  console.error(error, "\nserver output (last lines):\n" + site.output().split("\n").slice(-30).join("\n"));
  ok = false;
} finally {
  await site.stop();
}
process.exit(ok ? 0 : 1);
