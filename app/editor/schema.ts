/** The editor's own calls' payloads. Messages are catalog keys. */
import * as z from "zod";
import { locales } from "~/i18n/locales";
import { pagePathField } from "~/builds/commit-schema";
import { jsonId, queryInteger } from "~/lib/number-fields";
import { msg } from "~/lib/validation";

/** GET /api/editor/suggestions?locale=: what the post-settings panel offers for a page in that language. */
export const suggestionsQuery = z.object({ locale: z.enum(locales, msg("validation.invalid")) });

/**
 * GET /api/editor/history?locale=&path=: the page's versions, newest first (`before`: older than that place in
 * the history). With `version=`: the texts its diff compares, against the version before it or the page now.
 */
export const historyQuery = z.object({
  locale: z.enum(locales, msg("validation.invalid")),
  path: pagePathField,
  before: queryInteger({ max: Number.MAX_SAFE_INTEGER, fallback: 0 }),
  version: queryInteger({ max: Number.MAX_SAFE_INTEGER, fallback: 0 }),
  against: z.enum(["previous", "current"], msg("validation.invalid")).default("previous"),
});

/**
 * POST /api/editor/history: an earlier version written again as a change in the open build, at the page's
 * present address. `baseHash` is the version the editor holds: refused when the page has changed since.
 */
export const restoreSchema = z.object({
  locale: z.enum(locales, msg("validation.invalid")),
  path: pagePathField,
  version: jsonId,
  baseHash: z.string(msg("validation.invalid")).regex(/^[0-9a-f]{40}$/, msg("validation.invalid")),
});
