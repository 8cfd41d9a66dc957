/**
 * `npm run restore -- FILE [--force]`: replaces the site's database with the one in a backup made by
 * `npm run backup`. The whole file is checked first (checksums, SQLite's integrity check); a damaged file changes
 * nothing. Refuses while a server runs on the data folder; `--force` skips that check for an operator who knows
 * the marks are stale (README, "Backup and restore").
 */
import path from "node:path";
import { parseArgs } from "node:util";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { force: { type: "boolean" }, help: { type: "boolean", short: "h" } },
});
if (values.help || positionals.length !== 1) {
  console.log("Usage: npm run restore -- FILE [--force]");
  process.exit(values.help ? 0 : 2);
}

const { ConfigError } = await import("~/config.server");
const { BackupError } = await import("~/db/backup-archive.server");
const { databaseFilePath, restoreBackup } = await import("~/db/backup.server");

try {
  const file = path.resolve(positionals[0]!);
  const manifest = await restoreBackup(file, { force: values.force });
  console.log(`Restored ${databaseFilePath()} from ${file} (backup of ${manifest.created}).`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(`restore: ${error.message}; nothing was changed.`);
  process.exit(1);
}
