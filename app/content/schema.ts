/**
 * Query schemas of the content calls (`/api/content/single`, `/api/content/query`, `/api/search`) and of the
 * content pages that read their query string (a tag page's `?page=`). Messages
 * are catalog keys (see app/lib/validation.ts); numbers may be written with Persian digits.
 */
import * as z from "zod";
import { defaultLocale, locales } from "~/i18n/locales";
import { PAGE_MAX, queryInteger } from "~/lib/number-fields";
import { msg } from "~/lib/validation";

export const QUERY_LIMIT_MAX = 100;
export const SEARCH_LIMIT_MAX = 20;

const locale = z.enum(locales, msg("content.api.invalidLocale"));

const flag = z
  .enum(["true", "false", "1", "0"], msg("content.api.invalidFlag"))
  .transform((v) => v === "true" || v === "1");

/** `/api/content/single`: the page's path (a locale prefix in it wins), or path + locale. */
export const singleQuery = z.object({
  path: z.string().trim().min(1, msg("content.api.pathRequired")).max(2000, msg("content.api.pathRequired")),
  locale: locale.optional(),
});

/** `/api/content/query`: posts of one locale by category and intro flag, sorted, limited. */
export const postsQuery = z.object({
  locale: locale.default(defaultLocale),
  category: z.string().trim().min(1, msg("content.api.invalidCategory")).optional(),
  intro: flag.optional(),
  sort: z.enum(["newest", "oldest", "title"], msg("content.api.invalidSort")).default("newest"),
  limit: queryInteger({ max: QUERY_LIMIT_MAX, fallback: 10, message: msg("content.api.invalidLimit", QUERY_LIMIT_MAX) }),
  offset: queryInteger({ min: 0, max: 1_000_000, fallback: 0, message: msg("validation.invalid") }),
});

/** `/api/search`: the query text, its locale, how many results. */
export const searchQuery = z.object({
  q: z.string().max(1000, msg("validation.tooLong", 1000)).default(""),
  locale: locale.default(defaultLocale),
  limit: queryInteger({ max: SEARCH_LIMIT_MAX, fallback: 8, message: msg("content.api.invalidLimit", SEARCH_LIMIT_MAX) }),
});

/** A tag page's query: which page of its posts (absent is the first). */
export const tagPageQuery = z.object({ page: queryInteger({ max: PAGE_MAX, fallback: 1 }) });
