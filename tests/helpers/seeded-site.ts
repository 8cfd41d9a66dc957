import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedDatabaseAt } from "./seed";
import { startSite, type SiteProcess } from "./site-process";

/**
 * A production server in a child process on a seeded data folder of its own, started with `env`; `prepare` writes
 * to its database first. `stop()` ends it and removes the folder, which is removed too when it fails to start.
 */
export async function startSeededSite(
  env: Record<string, string> = {},
  prepare?: (databaseUrl: string) => Promise<unknown>,
): Promise<SiteProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "daftar-site-"));
  try {
    const databaseUrl = `file:${path.join(dataDir, "daftar.db")}`;
    await seedDatabaseAt(databaseUrl);
    await prepare?.(databaseUrl);
    const site = await startSite({ ...env, DATA_DIR: dataDir });
    return {
      ...site,
      async stop() {
        await site.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
