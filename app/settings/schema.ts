/**
 * The payloads of the settings calls, shared by the settings form (checks as you type) and the API (the same
 * checks on the server). Messages are catalog keys (see ~/lib/validation).
 */
import * as z from "zod";
import { asciiDigits } from "~/i18n/format";
import { cleanLine } from "~/lib/clean-text";
import { PAGE_MAX, queryInteger } from "~/lib/number-fields";
import { msg } from "~/lib/validation";
import { repositoryAccesses, themeColors } from "./app-config";
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
});

/** GET /api/settings/history and the settings page: `?page=`, which page of the change history. */
export const settingsHistoryQuery = z.object({ page: queryInteger({ max: PAGE_MAX, fallback: 1 }) });
