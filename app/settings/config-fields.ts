/**
 * The app configuration as named fields: what the settings form edits, what a save sends, and what the change
 * history records. One table, so a field added to the configuration (a future section's) is added once here.
 */
import type { AppConfig } from "./app-config";

/** Each field the settings page edits, and where it lives in the configuration. */
export const settingsFieldPaths = {
  siteNameFa: ["siteName", "fa"],
  siteNameEn: ["siteName", "en"],
  titleFa: ["title", "fa"],
  titleEn: ["title", "en"],
  descriptionFa: ["description", "fa"],
  descriptionEn: ["description", "en"],
  footerFa: ["footer", "fa"],
  footerEn: ["footer", "en"],
  themePrimary: ["theme", "primary"],
  commentsAllowAnonymous: ["comments", "allowAnonymous"],
  commentsAllowLinks: ["comments", "allowLinks"],
  commentsMaxLinks: ["comments", "maxLinks"],
  commentsModerationWords: ["comments", "moderationWords"],
  visitLogEnabled: ["visitLog", "enabled"],
  visitLogRetentionDays: ["visitLog", "retentionDays"],
  visitLogRespectDoNotTrack: ["visitLog", "respectDoNotTrack"],
  visitLogKeepFullAddresses: ["visitLog", "keepFullAddresses"],
  repositoryAccess: ["repository", "access"],
  signInRequireSecondFactor: ["signIn", "requireSecondFactor"],
} as const satisfies Record<string, readonly [keyof AppConfig, string]>;

export type SettingsField = keyof typeof settingsFieldPaths;
export const settingsFields = Object.keys(settingsFieldPaths) as SettingsField[];

/**
 * Fields the history records besides the settings form's: categories (their own page), the menu (its own card),
 * the icon and installation.
 */
export type HistoryField = SettingsField | "categories" | "menu" | "installed" | "icon";

export interface FieldChange {
  field: HistoryField;
  before: unknown;
  after: unknown;
}

export function readField(config: AppConfig, field: SettingsField): unknown {
  const [section, key] = settingsFieldPaths[field];
  return (config[section] as unknown as Record<string, unknown>)[key];
}

/** A copy of `config` with the given fields set. */
export function withFields(config: AppConfig, values: Partial<Record<SettingsField, unknown>>): AppConfig {
  const next = structuredClone(config);
  for (const [field, value] of Object.entries(values) as [SettingsField, unknown][]) {
    if (value === undefined) continue;
    const [section, key] = settingsFieldPaths[field];
    (next[section] as unknown as Record<string, unknown>)[key] = value;
  }
  return next;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Every field whose value differs between two configurations, with both values. */
export function configChanges(before: AppConfig, after: AppConfig): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of settingsFields) {
    const [a, b] = [readField(before, field), readField(after, field)];
    if (!same(a, b)) changes.push({ field, before: a, after: b });
  }
  if (!same(before.categories, after.categories)) {
    changes.push({ field: "categories", before: before.categories, after: after.categories });
  }
  if (!same(before.menu, after.menu)) changes.push({ field: "menu", before: before.menu, after: after.menu });
  if (before.icon !== after.icon) changes.push({ field: "icon", before: before.icon, after: after.icon });
  if (before.installed !== after.installed) {
    changes.push({ field: "installed", before: before.installed, after: after.installed });
  }
  return changes;
}

/** Every settings field's value in `config`. */
export function fieldValues(config: AppConfig): Record<SettingsField, unknown> {
  return Object.fromEntries(settingsFields.map((field) => [field, readField(config, field)])) as Record<
    SettingsField,
    unknown
  >;
}
