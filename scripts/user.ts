/**
 * `npm run user -- <command> <user name>`: what the operator does for a member from the command line.
 *
 *   remove-second-factor <user>   removes the member's authenticator app, passkeys and recovery codes and ends
 *                                 their sessions: for someone who lost every factor and every recovery code.
 *                                 They sign in with their password (or other first factor) alone next time.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { help: { type: "boolean", short: "h" } },
});

function fail(message: string): never {
  console.error(`user: ${message}`);
  process.exit(1);
}

const usage = () => readFileSync(new URL(import.meta.url), "utf8").split("*/")[0]!;
if (values.help) {
  console.log(usage());
  process.exit(0);
}
const [command, userName, ...rest] = positionals;
if (command !== "remove-second-factor" || !userName || rest.length) fail(`unknown use.\n${usage()}`);

const { config, ConfigError } = await import("~/config.server");
try {
  config();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const { closeDatabase, getDb } = await import("~/db/client.server");
const { findUserByName } = await import("~/auth/users.server");
const { removeEverySecondFactor } = await import("~/auth/second-factor.server");
try {
  const db = await getDb();
  const user = await findUserByName(db, userName);
  if (!user) fail(`no member is called "${userName}"`);
  const had = await removeEverySecondFactor(db, user.id);
  console.log(
    had
      ? `Removed every second factor of ${user.userName} and ended their sessions: they sign in with their first factor alone now.`
      : `${user.userName} had no second factor; their sessions were ended.`,
  );
} finally {
  await closeDatabase();
}
