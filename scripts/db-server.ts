/**
 * `npm run db:server [-- --port 8080] [--dir PATH]`: a libSQL server (sqld) on 127.0.0.1 for development, with its
 * data in DATA_DIR/sqld (or --dir). Start the site on it with DATABASE_URL=http://127.0.0.1:<port>; run it in
 * the foreground and stop it with Ctrl+C.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { startSqld } from "./sqld.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8080" },
    dir: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log("Usage: npm run db:server [-- --port 8080] [--dir PATH]");
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`db:server: --port must be a port number (1–65535), not "${values.port}"`);
  process.exit(2);
}

const { config } = await import("~/config.server");
const dbPath = path.resolve(values.dir ?? path.join(config().dataDir, "sqld"));
try {
  const server = await startSqld({ dbPath, port });
  console.log(
    [
      `A libSQL server (sqld) is listening on ${server.url}, with its data in ${dbPath}.`,
      `Start the site on it:  DATABASE_URL=${server.url} npm start`,
      "(Ctrl+C stops the server.)",
    ].join("\n"),
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void server.stop().then(() => process.exit(0)));
  }
} catch (error) {
  console.error(`db:server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
