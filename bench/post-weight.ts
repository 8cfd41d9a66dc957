/**
 * First-load JavaScript of a post page in Chromium (issue #5 budget: at most 120 KB gzip), and a check that
 * search and comments code are not part of it (they load on use).
 * Run: npx tsx bench/post-weight.ts
 */
import { kb, measurePageWeight } from "./page-weight";
import { benchPosts, startSeededSite } from "./site";

const budget = 120 * 1024;
/** Chunks that must only arrive when the visitor asks for them. */
const onUse = /search-dialog|comments|radix-(toaster|tooltip)|mobile-drawer/;

const site = await startSeededSite();
let ok = true;
try {
  for (const result of await measurePageWeight(site.url, benchPosts)) {
    const early = result.files.filter((file) => file.type === "script" && onUse.test(file.url));
    const pass = result.js <= budget && early.length === 0;
    ok &&= pass;
    console.log(
      `${result.path.padEnd(22)} JS ${kb(result.js)} KB gzip (budget ${kb(budget)})  CSS ${kb(result.css)} KB  font ${kb(result.font)} KB  ${pass ? "PASS" : "FAIL"}`,
    );
    for (const file of early) console.log(`    loaded before use: ${file.url}`);
    if (process.env.VERBOSE) {
      for (const file of result.files)
        console.log(`    ${file.type.padEnd(10)} ${kb(file.gzip).padStart(6)} KB  ${file.url}`);
    }
  }
} finally {
  await site.stop();
}
process.exit(ok ? 0 : 1);
