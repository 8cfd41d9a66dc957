import { eq } from "drizzle-orm";
import { changeTransaction, onSiteChange } from "~/cluster/change-feed.server";
import { config as environment } from "~/config.server";
import { getDb, type Database } from "~/db/client.server";
import { settings } from "~/db/schema";
import { defaultAppConfig, type AppConfig } from "./app-config";

const appKey = "app";
let cached: Promise<AppConfig> | undefined;
const listeners = new Set<() => void>();

/**
 * The app configuration, read once and kept in memory until it changes. Before migrations have run (no
 * settings table yet) it is the defaults with installed = false. `DAFTAR_INSTALLED=true` forces the
 * installed state for deployments whose database was prepared elsewhere.
 */
export function getAppConfig(): Promise<AppConfig> {
  cached ??= load().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
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
  let stored: Partial<AppConfig> | undefined;
  try {
    const db = await getDb();
    const row = await db.select().from(settings).where(eq(settings.key, appKey)).get();
    stored = row?.value as Partial<AppConfig> | undefined;
  } catch (error) {
    if (!isMissingTable(error)) throw error;
  }
  const config: AppConfig = { ...defaultAppConfig, ...stored };
  if (environment().forceInstalled) config.installed = true;
  return config;
}

function isMissingTable(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return /no such table/i.test(message);
}

/**
 * Writes part of the configuration in one transaction (read, merge, write: two saves at once never lose each
 * other's fields) and announces it, so every instance's cache and the pages derived from it follow.
 */
export async function updateAppConfig(patch: Partial<AppConfig>, db?: Database): Promise<AppConfig> {
  return changeTransaction(db ?? (await getDb()), async (tx, announce) => {
    const row = await tx.select().from(settings).where(eq(settings.key, appKey)).get();
    const stored = (row?.value ?? {}) as Partial<AppConfig>;
    const next: AppConfig = { ...defaultAppConfig, ...stored, ...patch };
    const value = { ...next, installed: patch.installed ?? Boolean(stored.installed) };
    await tx
      .insert(settings)
      .values({ key: appKey, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    announce({ topic: "settings", detail: null });
    if (environment().forceInstalled) next.installed = true;
    return next;
  });
}

/**
 * Drops this process's cached configuration; listeners (page caches) drop what they derived from it. Other
 * instances learn of a change through the "settings" announcement of `updateAppConfig`; call this directly only
 * when this process's view changed without a write (it switched databases, a migration created the table).
 */
export function invalidateAppConfig(): void {
  cached = undefined;
  for (const listener of listeners) listener();
}

export function onAppConfigChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

onSiteChange("settings", invalidateAppConfig);
