/**
 * How many words of the seeded site's search vocabulary find a word of the other script by consonant skeleton
 * (app/content/search/skeleton.ts): the precision figure of cross-script search. The site's sample content is
 * installed in a database file of its own and indexed as the site indexes it; each vocabulary word is then looked
 * up as a query word would be (short skeletons only where the vowels agree).
 *
 *   npx tsx bench/search-collisions.ts            the figures
 *   npx tsx bench/search-collisions.ts --list     and every word with what it finds
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";

const folder = mkdtempSync(path.join(tmpdir(), "daftar-collisions-"));
process.on("exit", () => rmSync(folder, { recursive: true, force: true }));
process.env.DATA_DIR = folder;
process.env.DATABASE_URL = `file:${path.join(folder, "daftar.db")}`;

const { getDb } = await import("../app/db/client.server.ts");
const { runMigrations } = await import("../app/db/migrate.server.ts");
const { loadDefaultData } = await import("../app/install/defaults.server.ts");
const { ensureSearchIndex } = await import("../app/content/search.server.ts");
const { otherScript, SHORT_SKELETON, skeletonOf, vowelsAgree } = await import("../app/content/search/skeleton.ts");

const db = await getDb();
await runMigrations(db);
await loadDefaultData(db);
await ensureSearchIndex();
const terms = (await db.all<{ term: string }>(sql`select term from search_terms`)).map((row) => row.term);

const byKey = new Map<string, string[]>();
for (const term of terms) {
  const key = skeletonOf(term);
  for (const skeleton of key?.skeletons ?? []) {
    const list = byKey.get(`${key!.script} ${skeleton}`) ?? [];
    list.push(term);
    byKey.set(`${key!.script} ${skeleton}`, list);
  }
}
let withSkeleton = 0;
let colliding = 0;
const list = process.argv.includes("--list");
for (const term of terms) {
  const key = skeletonOf(term);
  if (!key) continue;
  withSkeleton++;
  const short = key.skeletons[0]!.length <= SHORT_SKELETON;
  const found = new Set(
    key.skeletons
      .flatMap((skeleton) => byKey.get(`${otherScript(key.script)} ${skeleton}`) ?? [])
      .filter((other) => !short || vowelsAgree(term, other)),
  );
  if (found.size === 0) continue;
  colliding++;
  if (list) console.log(`${term} → ${[...found].join(" ")}`);
}
console.log(
  `vocabulary: ${terms.length} words, ${withSkeleton} with a skeleton, ${colliding} find a word of the other script`,
);
process.exit(0);
