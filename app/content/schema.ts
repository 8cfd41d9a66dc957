/**
 * Query schemas of the content calls (`/api/content/single`, `/api/content/query`, `/api/search`) and of the
 * content pages that read their query string (a tag page's `?page=`). Messages
 * are catalog keys (see app/lib/validation.ts); numbers may be written with Persian digits.
 */
import * as z from "zod";
import { asciiDigits } from "~/i18n/format";
import { defaultLocale, locales } from "~/i18n/locales";
import { cleanLine } from "~/lib/clean-text";
import { jsonId, PAGE_MAX, PAGE_SIZE_MAX, queryInteger } from "~/lib/number-fields";
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
  /** "1": search exactly what was typed, never as if typed in the other keyboard layout. */
  exact: z.enum(["0", "1"], msg("content.api.invalidExact")).default("0"),
});

/** A tag page's query: which page of its posts (absent is the first). */
export const tagPageQuery = z.object({ page: queryInteger({ max: PAGE_MAX, fallback: 1 }) });

// ── Categories and the items list (the dashboard) ───────────────────────────

/**
 * First segments of addresses the site serves itself: a category there would hide that page (or be hidden by
 * it). tests/unit/category-rules.test.ts checks this covers every page route.
 */
export const reservedSlugs = [
  "api",
  "fa",
  "en",
  "logs",
  "tags",
  "manage",
  "login",
  "register",
  "forgot-password",
  "reset-password",
  "confirm-email",
  "unsubscribe",
  "profile",
  "inbox",
  "contact",
  "relay",
  "git",
  "img",
  "media",
  "403",
  "healthz",
  "share-image",
  "images",
  "assets",
  "preview",
  "newsletter",
] as const;

/**
 * A new category's slug, its address (`/<slug>`): lower-case Latin letters and digits in words joined by
 * dashes, at most 40 characters; Persian digits and capitals are accepted and converted.
 */
export const categorySlug = z
  .string(msg("validation.invalid"))
  .transform((value) => asciiDigits(cleanLine(value)).trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(1, msg("validation.required"))
      .max(40, msg("validation.tooLong", 40))
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, msg("items.category.slugChars"))
      .refine((slug) => !(reservedSlugs as readonly string[]).includes(slug), msg("items.category.slugReserved")),
  );

/** The slug of a category that exists, as stored (an older site may have slugs today's rules would refuse). */
const existingSlug = z.string(msg("validation.invalid")).trim().min(1, msg("validation.required")).max(100);

/** A category's name in one language: one line of 1 to 40 characters. */
const categoryNameField = z
  .string(msg("validation.invalid"))
  .transform(cleanLine)
  .pipe(z.string().trim().min(1, msg("validation.required")).max(40, msg("validation.tooLong", 40)));

/** POST /api/categories/new: a category at the end of the list. */
export const newCategorySchema = z.object({ slug: categorySlug, nameFa: categoryNameField, nameEn: categoryNameField });

/** PUT /api/categories/update: new names for a category (its slug, its address, stays). */
export const renameCategorySchema = z.object({
  slug: existingSlug,
  nameFa: categoryNameField,
  nameEn: categoryNameField,
});

/** PUT /api/categories/order: every category's slug, in the new order. */
export const categoryOrderSchema = z.object({
  slugs: z.array(existingSlug, msg("validation.invalid")).min(1, msg("validation.required")).max(200),
});

/** POST /api/categories/remove. */
export const removeCategorySchema = z.object({ slug: existingSlug });

/** An empty query parameter (a form's "All" choice) is the parameter left out. */
const optionalChoice = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const itemSorts = ["updated-desc", "updated-asc", "title-asc", "title-desc", "path-asc", "path-desc"] as const;
export type ItemSort = (typeof itemSorts)[number];

/** GET /api/items and /manage/items: every content item (drafts too), filtered, searched, sorted, by pages. */
export const itemListQuery = z.object({
  q: z.string().trim().max(100, msg("validation.tooLong", 100)).default(""),
  locale: optionalChoice(locale),
  /** A category's slug, or "none" for items without one. */
  category: optionalChoice(z.string().trim().max(100, msg("validation.tooLong", 100))),
  status: optionalChoice(z.enum(["published", "draft", "scheduled"], msg("items.invalidStatus"))),
  /** "missing": items whose other language has no page at the same path. */
  translation: optionalChoice(z.enum(["missing", "present"], msg("items.invalidTranslation"))),
  sort: optionalChoice(z.enum(itemSorts, msg("items.invalidSort"))).transform((sort) => sort ?? "updated-desc"),
  page: queryInteger({ max: PAGE_MAX, fallback: 1 }),
  pageSize: queryInteger({ max: PAGE_SIZE_MAX, fallback: 20 }),
});
export type ItemListQuery = z.output<typeof itemListQuery>;

// ── Redirects (the dashboard) ───────────────────────────────────────────────

/** An address on this site as typed: "/notes/old", "/en/notes/new", Persian letters as they are. */
const redirectAddress = z
  .string(msg("validation.invalid"))
  .transform(cleanLine)
  .pipe(z.string().trim().min(1, msg("validation.required")).max(1000, msg("validation.tooLong", 1000)));

/** POST /api/redirects/new: a redirect from an old address to a path on this site. */
export const newRedirectSchema = z.object({ from: redirectAddress, to: redirectAddress });

/** PUT /api/redirects/update: a redirect's new source and target. */
export const changeRedirectSchema = z.object({ id: jsonId, from: redirectAddress, to: redirectAddress });

/** POST /api/redirects/remove. */
export const removeRedirectSchema = z.object({ id: jsonId });

/** /manage/items/redirects: the redirects whose addresses contain `q`, by pages. */
export const redirectListQuery = z.object({
  q: z.string().trim().max(100, msg("validation.tooLong", 100)).default(""),
  page: queryInteger({ max: PAGE_MAX, fallback: 1 }),
});
