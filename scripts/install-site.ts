/**
 * `npm run install-site -- --admin-user NAME --admin-password-file FILE [options]`: the web installer's steps,
 * non-interactively, for automated deployments. Uses the same services as the installer and prints what it did.
 *
 *   --admin-user NAME            the administrator's user name (required)
 *   --admin-password-file FILE   a file holding the password (or ADMIN_PASSWORD in the environment)
 *   --first-name, --last-name, --about   the administrator's profile (defaults: Site, Administrator, Runs this site)
 *   --database-url URL, --database-auth-token-file FILE   use (and save) this database instead of the configured one
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    "admin-user": { type: "string" },
    "admin-password-file": { type: "string" },
    "first-name": { type: "string", default: "Site" },
    "last-name": { type: "string", default: "Administrator" },
    about: { type: "string", default: "Runs this site" },
    "database-url": { type: "string" },
    "database-auth-token-file": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

function fail(message: string): never {
  console.error(`install-site: ${message}`);
  process.exit(1);
}

if (values.help) {
  console.log(readFileSync(new URL(import.meta.url), "utf8").split("*/")[0]);
  process.exit(0);
}
const userName = values["admin-user"] ?? fail("--admin-user is required");
const password = values["admin-password-file"]
  ? readFileSync(values["admin-password-file"], "utf8").replace(/\r?\n$/, "")
  : (process.env.ADMIN_PASSWORD ?? fail("--admin-password-file (or ADMIN_PASSWORD) is required"));

const { config, ConfigError } = await import("~/config.server");
try {
  config();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const { serverT } = await import("~/i18n/catalogs.server");
const { validate } = await import("~/lib/validation");
const { adminPayloadSchema } = await import("~/install/schema");
const install = await import("~/install/install.server");
const { ServiceError } = await import("~/lib/service-error");
const { closeDatabase } = await import("~/db/client.server");
const t = serverT("en");

async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  process.stdout.write(`${label}… `);
  try {
    const result = await run();
    console.log("done");
    return result;
  } catch (error) {
    console.log("failed");
    if (error instanceof ServiceError) fail(`${t(error.key, error.vars)}${error.reason ? ` (${error.reason})` : ""}`);
    throw error;
  }
}

try {
  const admin = validate(
    adminPayloadSchema,
    { userName, password, firstName: values["first-name"], lastName: values["last-name"], about: values.about },
    t,
  );
  if (!admin.ok) fail(admin.issues.map((issue) => `${issue.path}: ${issue.message}`).join("; "));

  if (values["database-url"]) {
    const token = values["database-auth-token-file"]
      ? readFileSync(values["database-auth-token-file"], "utf8").trim()
      : undefined;
    const info = await step("Checking and saving the database", () =>
      install.switchDatabase(values["database-url"]!, token),
    );
    console.log(`  using ${info.url}`);
  }
  const database = await install.checkDatabase();
  if (!database.connected) fail(`${t("install.error.notWorking")}: ${database.url} (${database.error ?? "no answer"})`);
  console.log(`Database: ${database.url} (${database.driver}, SQLite ${database.version})`);

  const progress = await install.installProgress();
  if (progress.installed) {
    console.log("Daftar is already installed; nothing to do.");
  } else {
    await step("Running migrations", () => install.migrateDatabase());
    const report = await step("Loading default data", () => install.loadDefaults());
    console.log(
      `  ${report.permissions} permissions, roles ${report.roles.join(", ")}; ${report.pagesAdded} pages added, ${report.pagesKept} kept`,
    );
    if (progress.adminLoaded) console.log("An administrator already exists; keeping it.");
    else {
      const user = await step(`Creating the administrator "${admin.data.userName}"`, () =>
        install.createFirstAdmin(admin.data),
      );
      console.log(`  user #${user.id} with the Admin role`);
    }
    await step("Finishing the installation", () => install.finishInstall());
    console.log("Daftar is installed. Start it with: npm start");
  }
} finally {
  await closeDatabase();
}
