import { eq } from "drizzle-orm";
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

/** Writes part of the configuration (in the caller's transaction when given) and refreshes the cache. */
export async function updateAppConfig(patch: Partial<AppConfig>, tx?: Database): Promise<AppConfig> {
  const db = tx ?? (await getDb());
  const current = await load();
  const next: AppConfig = { ...current, ...patch };
  const { installed: _forced, ...rest } = next;
  const value = { ...rest, installed: patch.installed ?? (await storedInstalled(db)) };
  await db
    .insert(settings)
    .values({ key: appKey, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  invalidateAppConfig();
  return next;
}

async function storedInstalled(db: Database): Promise<boolean> {
  const row = await db.select().from(settings).where(eq(settings.key, appKey)).get();
  return Boolean((row?.value as Partial<AppConfig> | undefined)?.installed);
}

/** Drops the cached configuration; listeners (page caches) drop what they derived from it. */
export function invalidateAppConfig(): void {
  cached = undefined;
  for (const listener of listeners) listener();
}

export function onAppConfigChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
