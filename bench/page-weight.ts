/**
 * First-load weight of public pages in Chromium: the JavaScript and CSS a visitor downloads before any
 * interaction, gzip-compressed (level 6). Budgets: at most 120 KB of JavaScript and 20 KB of CSS on the home
 * pages, a post in each language, the logs, a category page, a tag page and the tag index; and none of the code that loads on use (search,
 * comments, toasts, tooltips, the mobile drawer, the account menu) may arrive before it is used.
 * Run: npx tsx bench/page-weight.ts [path ...]   (VERBOSE=1 lists every file)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type BrowserContext } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "../playwright.config";
import { buildIfStale } from "../scripts/build-if-stale";
import { seedDatabaseAt } from "../tests/helpers/seed";
import { startSite } from "../tests/helpers/site-process";

export interface PageWeight {
  path: string;
  js: number;
  css: number;
  font: number;
  files: { url: string; type: string; gzip: number }[];
}

/** Measures each path in a fresh browser; `prepare` readies each context first (signs in, for a dashboard page). */
export async function measurePageWeight(
  baseUrl: string,
  paths: string[],
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const results: PageWeight[] = [];
  try {
    for (const path of paths) {
      const context = await browser.newContext();
      await prepare?.(context);
      const page = await context.newPage();
      const pending: Promise<{ url: string; type: string; gzip: number } | undefined>[] = [];
      page.on("response", (response) => {
        const type = response.request().resourceType();
        if (!["script", "stylesheet", "font"].includes(type)) return;
        pending.push(
          response
            .body()
            .then((body) => ({ url: new URL(response.url()).pathname, type, gzip: gzipSync(body).length }))
            .catch(() => undefined),
        );
      });
      await page.goto(baseUrl + path, { waitUntil: "networkidle" });
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.waitForLoadState("networkidle");
      const files = (await Promise.all(pending)).filter((f) => f !== undefined);
      const sum = (type: string) => files.filter((f) => f.type === type).reduce((total, f) => total + f.gzip, 0);
      results.push({ path, js: sum("script"), css: sum("stylesheet"), font: sum("font"), files });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The pages every visitor may land on first. */
export const firstLoadPages = [
  "/",
  "/en",
  "/tuts/git-bisect",
  "/en/tuts/git-bisect",
  "/logs",
  "/tuts",
  "/en/notes",
  `/tags/${encodeURIComponent("آموزش")}`,
  "/en/tags",
];
const budget = { js: 120 * 1024, css: 20 * 1024 };
/** Chunks that must only arrive when the visitor asks for them. */
const onUse =
  /search-dialog|comments-section|radix-(toaster|tooltip)|mobile-drawer|avatar-menu-content|auth-dialog|edit-link/;

async function main() {
  const paths = process.argv.slice(2).length ? process.argv.slice(2) : firstLoadPages;
  buildIfStale();
  // An installed site with the bundled content, as visitors meet it.
  const dataDir = mkdtempSync(path.join(tmpdir(), "daftar-weight-"));
  await seedDatabaseAt(`file:${path.join(dataDir, "daftar.db")}`);
  const site = await startSite({ DATA_DIR: dataDir });
  let ok = true;
  try {
    for (const result of await measurePageWeight(site.url, paths)) {
      const early = result.files.filter((file) => file.type === "script" && onUse.test(file.url));
      const pass = result.js <= budget.js && result.css <= budget.css && early.length === 0;
      ok &&= pass;
      console.log(
        `${result.path.padEnd(20)} JS ${kb(result.js)} KB gzip (budget ${kb(budget.js)})  CSS ${kb(result.css)} KB (budget ${kb(budget.css)})  font ${kb(result.font)} KB  ${pass ? "PASS" : "FAIL"}`,
      );
      for (const file of early) console.log(`    loaded before use: ${file.url}`);
      if (process.env.VERBOSE)
        for (const f of result.files) console.log(`    ${f.type.padEnd(10)} ${kb(f.gzip).padStart(6)} KB  ${f.url}`);
    }
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(ok ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
