/**
 * First-load weight of public pages in Chromium: the JavaScript and CSS a visitor downloads before any
 * interaction, gzip-compressed. Budgets (issue #2): at most 110 KB JS and 20 KB CSS on a public page.
 * Run: npx tsx bench/page-weight.ts [path ...]   (defaults: / and /en)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
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

export async function measurePageWeight(baseUrl: string, paths: string[]): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const results: PageWeight[] = [];
  try {
    for (const path of paths) {
      const context = await browser.newContext();
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

async function main() {
  const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/en"];
  const budget = { js: 110 * 1024, css: 20 * 1024 };
  buildIfStale();
  // An installed site with the bundled content, as visitors meet it.
  const dataDir = mkdtempSync(path.join(tmpdir(), "daftar-weight-"));
  await seedDatabaseAt(`file:${path.join(dataDir, "daftar.db")}`);
  const site = await startSite({ DATA_DIR: dataDir });
  let ok = true;
  try {
    for (const result of await measurePageWeight(site.url, paths)) {
      const pass = result.js <= budget.js && result.css <= budget.css;
      ok &&= pass;
      console.log(
        `${result.path.padEnd(12)} JS ${kb(result.js)} KB gzip (budget ${kb(budget.js)})  CSS ${kb(result.css)} KB gzip (budget ${kb(budget.css)})  font ${kb(result.font)} KB  ${pass ? "PASS" : "FAIL"}`,
      );
      if (process.env.VERBOSE) for (const f of result.files) console.log(`    ${f.type.padEnd(10)} ${kb(f.gzip).padStart(6)} KB  ${f.url}`);
    }
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(ok ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
