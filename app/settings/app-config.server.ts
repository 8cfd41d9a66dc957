import { eq } from "drizzle-orm";
import { changeTransaction, onSiteChange } from "~/cluster/change-feed.server";
import { config as environment } from "~/config.server";
import { getDb, type Database } from "~/db/client.server";
import { settings, settingsHistory } from "~/db/schema";
import { defaultAppConfig, upgradeAppConfig, type AppConfig } from "./app-config";
import { configChanges, type FieldChange } from "./config-fields";
import { memoiseLoad } from "~/lib/memoise-load";

const appKey = "app";
const cached = memoiseLoad(load);
const listeners = new Set<() => void>();

/**
 * The app configuration, read once and kept in memory until it changes. Before migrations have run (no
 * settings table yet) it is the defaults with installed = false. `DAFTAR_INSTALLED=true` forces the
 * installed state for deployments whose database was prepared elsewhere.
 */
export function getAppConfig(): Promise<AppConfig> {
  return cached.get();
}

/**
 * The configuration, or the defaults when the database cannot be read (installed only when
 * `DAFTAR_INSTALLED=true` says so): for the page shell, which must render whatever the database does.
 */
export function appConfigOrDefaults(): Promise<AppConfig> {
  return getAppConfig().catch(() => ({ ...defaultAppConfig, installed: environment().forceInstalled }));
}

/** The configuration as the database has it now, bypassing this process's cache (other processes may write). */
export function readAppConfig(): Promise<AppConfig> {
  return load();
}

async function load(): Promise<AppConfig> {
  let stored: unknown;
  try {
    const db = await getDb();
    // Only the value: a database of an older version (not yet migrated) may lack newer columns.
    const row = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, appKey)).get();
    stored = row?.value;
  } catch (error) {
    if (!isMissingTable(error)) throw error;
  }
  const config = upgradeAppConfig(stored);
  if (environment().forceInstalled) config.installed = true;
  return config;
}

function isMissingTable(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return /no such table/i.test(message);
}

/** The configuration as stored now and its version (0 before any change was recorded). */
export async function readAppConfigState(db: Database): Promise<{ config: AppConfig; version: number }> {
  const row = await db.select().from(settings).where(eq(settings.key, appKey)).get();
  return { config: upgradeAppConfig(row?.value), version: row?.version ?? 0 };
}

/** Who changes the configuration: a person (their account id), the installer, or anything else. */
export type ConfigAuthor = { userId: number } | "installer" | "system";

/** A change: the fields to set, or a function of the configuration as it is inside the write transaction. */
export type ConfigPatch =
  | Partial<AppConfig>
  | ((
      current: AppConfig,
      state: { version: number; tx: Database },
    ) => Partial<AppConfig> | Promise<Partial<AppConfig>>);

/**
 * Writes part of the configuration in one write transaction (read, merge, write: two saves at once never lose
 * each other's fields), records who changed which fields in the change history, raises the version, and
 * announces it, so every instance's cache and the pages derived from it follow. A patch that changes nothing
 * writes nothing.
 */
export async function changeAppConfig(
  db: Database,
  patch: ConfigPatch,
  author: ConfigAuthor = "system",
): Promise<{ config: AppConfig; version: number; changes: FieldChange[] }> {
  return changeTransaction(db, async (tx, announce) => {
    const row = await tx.select().from(settings).where(eq(settings.key, appKey)).get();
    const current = upgradeAppConfig(row?.value);
    const version = row?.version ?? 0;
    const wanted = typeof patch === "function" ? await patch(current, { version, tx }) : patch;
    const next: AppConfig = { ...current, ...wanted, installed: wanted.installed ?? current.installed };
    const changes = configChanges(current, next);
    if (row && changes.length === 0) return { config: withEnvironment(next), version, changes };
    await tx
      .insert(settings)
      .values({ key: appKey, value: next, version: version + 1 })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, version: version + 1, updatedAt: new Date() } });
    if (changes.length) {
      await tx.insert(settingsHistory).values({
        version: version + 1,
        userId: typeof author === "object" ? author.userId : null,
        source: typeof author === "object" ? "user" : author,
        changes,
      });
    }
    announce({ topic: "settings", detail: null });
    return { config: withEnvironment(next), version: version + 1, changes };
  });
}

/** `changeAppConfig` for callers that only need the result. */
export async function updateAppConfig(patch: ConfigPatch, db?: Database, author?: ConfigAuthor): Promise<AppConfig> {
  return (await changeAppConfig(db ?? (await getDb()), patch, author)).config;
}

function withEnvironment(config: AppConfig): AppConfig {
  return environment().forceInstalled ? { ...config, installed: true } : config;
}

/**
 * Drops this process's cached configuration; listeners (page caches) drop what they derived from it. Other
 * instances learn of a change through the "settings" announcement of `updateAppConfig`; call this directly only
 * when this process's view changed without a write (it switched databases, a migration created the table).
 */
export function invalidateAppConfig(): void {
  cached.forget();
  for (const listener of listeners) listener();
}

export function onAppConfigChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

onSiteChange("settings", invalidateAppConfig);
