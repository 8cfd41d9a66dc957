/** A seeded, installed production site in a child process, for the benchmarks (the same as the e2e fixture). */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfStale } from "../scripts/build-if-stale";
import { seedDatabaseAt } from "../tests/helpers/seed";
import { startSite, type SiteProcess } from "../tests/helpers/site-process";

export async function startSeededSite(env: Record<string, string> = {}): Promise<SiteProcess> {
  buildIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), "daftar-bench-"));
  await seedDatabaseAt(`file:${path.join(dataDir, "daftar.db")}`);
  return startSite({ DATA_DIR: dataDir, ...env });
}

/** The post every benchmark measures, in both languages. */
export const benchPosts = ["/tuts/git-bisect", "/en/tuts/git-bisect"];
