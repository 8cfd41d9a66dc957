/**
 * Saving the settings page and reading its change history. A save names the fields it changes and the version
 * it read them at; fields someone else has changed since are refused, the rest merge with whatever else changed.
 */
import { count, desc, eq, gt } from "drizzle-orm";
import type { Actor } from "~/auth/roles.server";
import { hasSecondFactor } from "~/auth/second-factor-status.server";
import type { Database } from "~/db/client.server";
import { settingsHistory, users } from "~/db/schema";
import { ServiceError } from "~/lib/service-error";
import type { AppConfig } from "./app-config";
import { changeAppConfig } from "./app-config.server";
import { readField, withFields, type FieldChange, type HistoryField, type SettingsField } from "./config-fields";
import type { SaveSettingsInput } from "./schema";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface SaveResult {
  config: AppConfig;
  version: number;
  /** The fields this save changed (none when everything was as sent). */
  changed: SettingsField[];
}

/**
 * Applies a save in one write transaction. A save read at an older version than the stored one is checked
 * against the history since: a field it changes that someone else changed meanwhile is refused (409, the field
 * named), so nobody's change is silently overwritten; fields nobody else touched are applied.
 */
export async function saveSettings(db: Database, actor: Actor, input: SaveSettingsInput): Promise<SaveResult> {
  const { version: base, ...sent } = input;
  let changed: SettingsField[] = [];
  const result = await changeAppConfig(
    db,
    async (current, { version, tx }) => {
      const wanted = (Object.entries(sent) as [SettingsField, unknown][]).filter(
        ([field, value]) => value !== undefined && !same(readField(current, field), value),
      );
      await refuseChangedSince(
        tx,
        { base, version },
        wanted.map(([field]) => field),
      );
      await refuseLockOut(tx, actor, Object.fromEntries(wanted));
      changed = wanted.map(([field]) => field);
      const next = withFields(current, Object.fromEntries(wanted));
      const { installed: _installed, categories: _categories, ...patch } = next;
      return patch;
    },
    { userId: actor.id },
  );
  return { config: result.config, version: result.version, changed };
}

/**
 * Turning on the requirement of a second factor needs one of the member turning it on: whoever can reach the
 * switch manages settings, so without a factor they would shut themselves out with it.
 */
async function refuseLockOut(tx: Database, actor: Actor, wanted: Partial<Record<SettingsField, unknown>>) {
  if (wanted.signInRequireSecondFactor !== true || (await hasSecondFactor(tx, actor.id))) return;
  throw new ServiceError(409, "settings.secondFactorFirst", {
    issues: [{ path: "signInRequireSecondFactor", message: "settings.secondFactorFirst" }],
  });
}

/**
 * Refuses a change read at version `base` when the configuration is now at `version` and someone else changed
 * any of `fields` meanwhile (409, each such field named), or when what changed since cannot be known.
 */
export async function refuseChangedSince(
  tx: Database,
  { base, version }: { base: number; version: number },
  fields: readonly HistoryField[],
): Promise<void> {
  if (base > version) throw new ServiceError(409, "settings.stale");
  if (base === version || fields.length === 0) return;
  const since = await tx
    .select({ changes: settingsHistory.changes })
    .from(settingsHistory)
    .where(gt(settingsHistory.version, base))
    .all();
  // A version without its history entry (written by hand, say): nothing is known of what changed.
  if (since.length !== version - base) throw new ServiceError(409, "settings.stale");
  const touched = new Set(since.flatMap((entry) => entry.changes.map((change) => change.field)));
  const conflicts = fields.filter((field) => touched.has(field));
  if (conflicts.length) {
    throw new ServiceError(409, "settings.conflict", {
      issues: conflicts.map((field) => ({ path: field, message: "settings.changedMeanwhile" })),
    });
  }
}

export interface HistoryEntry {
  id: number;
  version: number;
  at: string;
  source: "user" | "installer" | "system";
  /** The person's name; null for a deleted account or when no person made the change. */
  author: string | null;
  changes: FieldChange[];
}

export const HISTORY_PAGE_SIZE = 10;

/** One page of the change history, newest first. */
export async function settingsHistoryPage(
  db: Database,
  page: number,
): Promise<{ entries: HistoryEntry[]; total: number; page: number; pageSize: number }> {
  const [rows, total] = await Promise.all([
    db
      .select({
        id: settingsHistory.id,
        version: settingsHistory.version,
        createdAt: settingsHistory.createdAt,
        source: settingsHistory.source,
        changes: settingsHistory.changes,
        author: users.displayName,
      })
      .from(settingsHistory)
      .leftJoin(users, eq(users.id, settingsHistory.userId))
      .orderBy(desc(settingsHistory.version))
      .limit(HISTORY_PAGE_SIZE)
      .offset((page - 1) * HISTORY_PAGE_SIZE)
      .all(),
    db.select({ n: count() }).from(settingsHistory).get(),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      version: row.version,
      at: row.createdAt.toISOString(),
      source: row.source,
      author: row.author,
      changes: row.changes as FieldChange[],
    })),
    total: total?.n ?? 0,
    page,
    pageSize: HISTORY_PAGE_SIZE,
  };
}
