/**
 * The installer's steps as server-side services. Each step checks the database's real state, so the order is
 * enforced here whatever the browser believes, and every step can be repeated safely.
 */
import { count, eq, sql } from "drizzle-orm";
import { adminRoleName, permissionNames } from "~/auth/permissions";
import { createUser, type UserRow } from "~/auth/users.server";
import { databaseTarget, saveDatabaseTarget } from "~/config.server";
import {
  connection,
  openDatabase,
  replaceConnection,
  type Database,
  type DatabaseConnection,
} from "~/db/client.server";
import { appliedMigrations, isMigrated, runMigrations } from "~/db/migrate.server";
import { permissions, roles, settings, userRoles } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { ServiceError } from "~/lib/service-error";
import { getAppConfig, invalidateAppConfig, updateAppConfig } from "~/settings/app-config.server";
import { allowedDatabaseUrl, refusal } from "./database-url.server";
import { loadDefaultData, type DefaultsReport } from "./defaults.server";
import type { AdminPayload } from "./schema";
import { deleteSetupToken } from "./setup-token.server";

export interface DatabaseInfo {
  connected: boolean;
  driver: "libsql";
  /** Where the data lives, without credentials. */
  url: string;
  version?: string;
  error?: string;
}

export interface InstallProgress {
  connected: boolean;
  migrated: boolean;
  loaded: boolean;
  adminLoaded: boolean;
  installed: boolean;
}

/** A database URL fit to show: file paths as they are, server URLs without credentials or query. */
export function redactDatabaseUrl(url: string): string {
  if (url.startsWith("file:")) return url;
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) parsed.username = "***";
    parsed.password = "";
    parsed.search = "";
    // As written: "http://host:8080", not "http://host:8080/".
    return parsed.pathname === "/" ? parsed.toString().slice(0, -1) : parsed.toString();
  } catch {
    return "(invalid URL)";
  }
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause;
  const message = error instanceof Error ? error.message : String(error);
  return cause instanceof Error && !message.includes(cause.message) ? `${message}: ${cause.message}` : message;
}

export async function checkDatabase(): Promise<DatabaseInfo> {
  try {
    const { client, url } = await connection();
    const row = (await client.execute("select sqlite_version() as version")).rows[0];
    return { connected: true, driver: "libsql", url: redactDatabaseUrl(url), version: String(row?.version ?? "") };
  } catch (error) {
    return { connected: false, driver: "libsql", url: redactDatabaseUrl(databaseTarget().url), error: reasonOf(error) };
  }
}

async function isLoaded(db: Database): Promise<boolean> {
  const [perms, admin, app] = await Promise.all([
    db.select({ n: count() }).from(permissions).get(),
    db.select({ id: roles.id }).from(roles).where(eq(roles.name, adminRoleName)).get(),
    db.select({ key: settings.key }).from(settings).where(eq(settings.key, "app")).get(),
  ]);
  return (perms?.n ?? 0) >= permissionNames.length && Boolean(admin) && Boolean(app);
}

async function hasAdmin(db: Database): Promise<boolean> {
  const row = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(roles.name, adminRoleName))
    .limit(1)
    .get();
  return Boolean(row);
}

/** Where the installation stands, read from the database now. */
export async function installProgress(): Promise<InstallProgress> {
  const none: InstallProgress = {
    connected: false,
    migrated: false,
    loaded: false,
    adminLoaded: false,
    installed: false,
  };
  let db: Database;
  try {
    db = (await connection()).db;
    await db.run(sql`select 1`);
  } catch {
    return none;
  }
  const migrated = await isMigrated(db);
  if (!migrated) return { ...none, connected: true };
  const loaded = await isLoaded(db);
  const adminLoaded = loaded && (await hasAdmin(db));
  const installed = (await getAppConfig().catch(() => undefined))?.installed ?? false;
  return { connected: true, migrated, loaded, adminLoaded, installed };
}

async function connectedDb(): Promise<DatabaseConnection["db"]> {
  try {
    const { db } = await connection();
    await db.run(sql`select 1`);
    return db;
  } catch (error) {
    throw new ServiceError(503, "install.error.notWorking", { reason: reasonOf(error) });
  }
}

/**
 * Verifies a database the owner entered and, when it answers, saves it to DATA_DIR/config.json (readable by the
 * server's user only) and switches this process to it.
 */
export async function switchDatabase(entered: string, authToken?: string): Promise<DatabaseInfo> {
  const url = await allowedDatabaseUrl(entered);
  let next;
  try {
    next = await openDatabase(url, authToken || undefined, "installerDatabase");
    await next.client.execute("select 1");
  } catch (error) {
    next?.client.close();
    // The driver's own words stay in the log: echoed back they would tell a caller what answers at an address.
    console.error(`The installer could not use the database ${redactDatabaseUrl(url)}:`, reasonOf(error));
    throw refusal(error);
  }
  await saveDatabaseTarget(url, authToken);
  await replaceConnection(next);
  invalidateAppConfig();
  return checkDatabase();
}

/**
 * Step 2: applies pending migrations. They run in one transaction, so a failure leaves the database as it was
 * (the migrator's own bookkeeping table, created just before, is removed again if it is new and empty).
 */
export async function migrateDatabase(): Promise<void> {
  const db = await connectedDb();
  const hadJournal = await journalExists(db);
  try {
    await runMigrations(db);
  } catch (error) {
    if (!hadJournal && (await appliedMigrations(db)) === 0)
      await db.run(sql`drop table if exists __drizzle_migrations`);
    throw new ServiceError(500, "install.error.migrationFailed", { reason: reasonOf(error) });
  } finally {
    invalidateAppConfig();
  }
}

async function journalExists(db: Database): Promise<boolean> {
  const rows = await db.all(sql`select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'`);
  return rows.length > 0;
}

/** Step 3: the default data. Needs the schema. */
export async function loadDefaults(): Promise<DefaultsReport> {
  const db = await connectedDb();
  if (!(await isMigrated(db))) throw new ServiceError(409, "install.error.schemaMissing");
  try {
    return await loadDefaultData(db);
  } catch (error) {
    throw new ServiceError(500, "install.error.defaultsFailed", { reason: reasonOf(error) });
  } finally {
    invalidateAppConfig();
  }
}

const adminClaimKey = "install.admin";

/**
 * Step 4: the first administrator, created with the Admin role in one transaction. The transaction first
 * claims the one "first admin" slot (an insert that only one writer can make), so two requests racing create
 * exactly one administrator.
 */
export async function createFirstAdmin(input: AdminPayload): Promise<UserRow> {
  const db = await connectedDb();
  if (!(await isMigrated(db)) || !(await isLoaded(db))) throw new ServiceError(409, "install.error.defaultsMissing");
  return writeTransaction(db, async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: adminClaimKey, value: { at: Date.now() } })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (claimed.length === 0 || (await hasAdmin(tx))) {
      throw new ServiceError(409, "install.error.adminExists");
    }
    const { proof: _proof, ...fields } = input;
    return createUser(tx, { ...fields, pub: fields.pub ?? null }, [adminRoleName]);
  });
}

/** Step 5: marks the site installed (in the database) and deletes the setup token. */
export async function finishInstall(): Promise<void> {
  const db = await connectedDb();
  if (!(await isMigrated(db)) || !(await hasAdmin(db))) throw new ServiceError(409, "install.error.adminMissing");
  await updateAppConfig({ installed: true }, undefined, "installer");
  deleteSetupToken();
}
