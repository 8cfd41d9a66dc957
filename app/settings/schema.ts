/**
 * The payloads of the settings calls, shared by the settings form (checks as you type) and the API (the same
 * checks on the server). Messages are catalog keys (see ~/lib/validation).
 */
import * as z from "zod";
import { asciiDigits } from "~/i18n/format";
import { cleanLine } from "~/lib/clean-text";
import { PAGE_MAX, queryInteger } from "~/lib/number-fields";
import { msg } from "~/lib/validation";
import { menuKinds, repositoryAccesses, themeColors } from "./app-config";
import type { SettingsField } from "./config-fields";

/** One line of text, cleaned of invisible controls, trimmed, `min`…`max` characters (`min` 0: may be empty). */
function line(min: number, max: number) {
  const rules = z.string().trim().max(max, msg("validation.tooLong", max));
  return z
    .string(msg("validation.invalid"))
    .transform(cleanLine)
    .pipe(min > 0 ? rules.min(min, msg("validation.required")) : rules);
}

export const MAX_LINKS_LIMIT = 20;
export const RETENTION_DAYS_MAX = 3650;
export const MODERATION_WORDS_MAX = 500;

const siteName = line(1, 60);
const title = line(1, 100);
const description = line(0, 200);
const footer = line(0, 300);
const themePrimary = z.enum(themeColors, msg("settings.invalidTheme"));
const repositoryAccess = z.enum(repositoryAccesses, msg("settings.invalidRepositoryAccess"));
const maxLinks = z
  .number(msg("settings.maxLinksRange"))
  .int(msg("settings.maxLinksRange"))
  .min(0, msg("settings.maxLinksRange"))
  .max(MAX_LINKS_LIMIT, msg("settings.maxLinksRange"));
const retentionDays = z
  .number(msg("settings.retentionRange"))
  .int(msg("settings.retentionRange"))
  .min(1, msg("settings.retentionRange"))
  .max(RETENTION_DAYS_MAX, msg("settings.retentionRange"));

/**
 * Words or phrases that hold a comment for moderation: each one line of at most 60 characters; blanks dropped,
 * the same word (in any letter case) kept once.
 */
const moderationWords = z
  .array(line(0, 60), msg("validation.invalid"))
  .transform((words) => {
    const seen = new Set<string>();
    return words.filter((word) => {
      const key = word.toLocaleLowerCase();
      if (!word || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .pipe(z.array(z.string()).max(MODERATION_WORDS_MAX, msg("settings.tooManyWords", MODERATION_WORDS_MAX)));

const flag = z.boolean(msg("validation.invalid"));

/** The rules of every settings field, by its name in the API (see ./config-fields). */
const fieldRules = {
  siteNameFa: siteName,
  siteNameEn: siteName,
  titleFa: title,
  titleEn: title,
  descriptionFa: description,
  descriptionEn: description,
  footerFa: footer,
  footerEn: footer,
  themePrimary,
  commentsAllowAnonymous: flag,
  commentsAllowLinks: flag,
  commentsMaxLinks: maxLinks,
  commentsModerationWords: moderationWords,
  visitLogEnabled: flag,
  visitLogRetentionDays: retentionDays,
  visitLogRespectDoNotTrack: flag,
  visitLogKeepFullAddresses: flag,
  repositoryAccess,
  signInRequireSecondFactor: flag,
} satisfies Record<SettingsField, z.ZodType>;

/** The version of the settings a save is based on. */
const version = z
  .number(msg("validation.invalid"))
  .int(msg("validation.invalid"))
  .min(0, msg("validation.invalid"))
  .max(Number.MAX_SAFE_INTEGER, msg("validation.invalid"));

/**
 * PUT /api/settings: the fields that changed, and the version they were read at. A field left out stays as it
 * is; a field someone else changed since that version is refused rather than overwritten.
 */
export const saveSettingsSchema = z
  .object({ version, ...fieldRules })
  .partial()
  .required({ version: true });
export type SaveSettingsInput = z.output<typeof saveSettingsSchema>;

/** A switch of the form: a checklist of one ("on" when set). */
const formFlag = z
  .array(z.literal("on"), msg("validation.invalid"))
  .max(1)
  .transform((on) => on.length > 0);

/** A whole number typed in a form (Persian digits accepted); `invalid` for anything else. */
function formNumber(rules: z.ZodNumber) {
  return z
    .string(msg("validation.invalid"))
    .transform((value) => {
      const text = asciiDigits(value).trim();
      return /^\d{1,9}$/.test(text) ? Number(text) : NaN;
    })
    .pipe(rules);
}

/**
 * The settings form: every field, as the form holds it (text; switches as checklists; the moderation words as
 * lines). Its output is the API's fields.
 */
export const settingsFormSchema = z.object({
  ...fieldRules,
  commentsAllowAnonymous: formFlag,
  commentsAllowLinks: formFlag,
  commentsMaxLinks: formNumber(maxLinks),
  commentsModerationWords: z
    .string(msg("validation.invalid"))
    .transform((text) => text.split(/[\n,،]/))
    .pipe(moderationWords),
  visitLogEnabled: formFlag,
  visitLogRetentionDays: formNumber(retentionDays),
  visitLogRespectDoNotTrack: formFlag,
  visitLogKeepFullAddresses: formFlag,
  signInRequireSecondFactor: formFlag,
});

/** GET /api/settings/history and the settings page: `?page=`, which page of the change history. */
export const settingsHistoryQuery = z.object({ page: queryInteger({ max: PAGE_MAX, fallback: 1 }) });

export const MENU_MAX = 12;
const MENU_LABEL_MAX = 40;
const MENU_TARGET_MAX = 500;

/** Whether `text` is an http or https address a browser can follow. */
function isWebAddress(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    return Boolean(new URL(text).host);
  } catch {
    return false;
  }
}

/** What a target of each kind must look like; whether it exists is the saving service's to check. */
const targetRules: Record<(typeof menuKinds)[number], { test: (target: string) => boolean; message: string }> = {
  page: { test: (target) => /^\/[^\s?#]*$/.test(target), message: "settings.menu.pagePath" },
  category: { test: (target) => target.length > 0, message: "settings.menu.chooseCategory" },
  tag: { test: (target) => target.length > 0, message: "settings.menu.chooseTag" },
  link: { test: isWebAddress, message: "settings.menu.linkScheme" },
};

const menuLabel = line(0, MENU_LABEL_MAX);

/** One menu item: its kind, its target (checked for its kind) and its label in each language (each may be empty). */
const menuItemSchema = z
  .object({
    kind: z.enum(menuKinds, msg("settings.menu.chooseKind")),
    target: line(1, MENU_TARGET_MAX),
    label: z.object({ fa: menuLabel, en: menuLabel }, msg("validation.invalid")),
  })
  .superRefine((item, ctx) => {
    const rule = targetRules[item.kind];
    if (!rule.test(item.target)) ctx.addIssue({ code: "custom", path: ["target"], message: rule.message });
  });

/** PUT /api/settings/menu: the whole menu in its order, and the settings version it was read at. */
export const saveMenuSchema = z.object({
  version,
  menu: z.array(menuItemSchema, msg("validation.invalid")).max(MENU_MAX, msg("settings.menu.tooMany", MENU_MAX)),
});
export type SaveMenuInput = z.output<typeof saveMenuSchema>;
