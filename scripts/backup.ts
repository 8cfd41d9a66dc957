/**
 * `npm run backup [-- FILE]`: a consistent backup of the site's data, taken while the site keeps running, in one
 * file (default DATA_DIR/backups/daftar-<UTC time>.tar.gz). The file's format is described in
 * app/db/backup-archive.server.ts; README, "Backup and restore".
 */
import path from "node:path";
import { parseArgs } from "node:util";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { help: { type: "boolean", short: "h" } },
});
if (values.help || positionals.length > 1) {
  console.log("Usage: npm run backup [-- FILE]");
  process.exit(values.help ? 0 : 2);
}

const { ConfigError } = await import("~/config.server");
const { BackupError } = await import("~/db/backup-archive.server");
const { createBackup, defaultBackupPath } = await import("~/db/backup.server");

const now = new Date();
try {
  const out = path.resolve(positionals[0] ?? defaultBackupPath(now));
  const manifest = await createBackup(out, now);
  const bytes = manifest.parts.reduce((sum, part) => sum + part.bytes, 0);
  console.log(
    `Backup written: ${out} (${manifest.parts.map((part) => part.name).join(", ")}; ${bytes} bytes before compression)`,
  );
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(`backup: ${error.message}`);
  process.exit(1);
}
