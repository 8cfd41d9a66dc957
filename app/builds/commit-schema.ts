/**
 * The editor's payloads, shared by its form and the API: a page's front matter as the form edits it, and a save.
 * Messages are catalog keys.
 */
import * as z from "zod";
import { isPagePath } from "~/builds/files";
import { isInstant } from "~/content/front-matter";
import { asciiDigits } from "~/i18n/format";
import { locales } from "~/i18n/locales";
import { cleanLine } from "~/lib/clean-text";
import { msg } from "~/lib/validation";

export const MARKDOWN_MAX = 400_000;

const line = (max: number) =>
  z
    .string(msg("validation.invalid"))
    .transform(cleanLine)
    .pipe(z.string().trim().max(max, msg("validation.tooLong", max)));

function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** An address on this site ("/images/x.svg") or an http(s) one; never another scheme. */
function isImageAddress(value: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(value) || /^https?:\/\/[^\s\\]+$/i.test(value);
}

/** A page's address: "/" or "/notes/x" (letters of any script, digits, "-" and "_"). */
export const pagePathField = z
  .string(msg("validation.invalid"))
  .transform((value) => asciiDigits(value.trim()))
  .pipe(z.string().max(300, msg("validation.tooLong", 300)).refine(isPagePath, msg("editor.error.path")));

/** The front matter as the editor's form edits it (the file keeps whatever else it holds). */
export const frontMatterFields = z.object({
  title: line(200).pipe(z.string().min(1, msg("validation.required"))),
  description: line(500).default(""),
  date: z
    .string(msg("validation.invalid"))
    .transform((value) => asciiDigits(value.trim()))
    .pipe(z.string().refine((value) => value === "" || isCalendarDate(value), msg("editor.error.date")))
    .optional(),
  category: z.string(msg("validation.invalid")).max(60, msg("validation.tooLong", 60)).optional(),
  tags: z
    .array(line(60).pipe(z.string().min(1, msg("validation.required"))), msg("validation.invalid"))
    .max(30, msg("validation.tooLong", 30)),
  thumbnail: z
    .string(msg("validation.invalid"))
    .trim()
    .max(500, msg("validation.tooLong", 500))
    .refine((value) => value === "" || isImageAddress(value), msg("editor.error.image"))
    .optional(),
  author: line(100).optional(),
  /** The translation's address in the other language ("" unlinks); absent: the file's link is kept as it is. */
  translationOf: z
    .string(msg("validation.invalid"))
    .transform((value) => asciiDigits(value.trim()))
    .pipe(z.string().refine((value) => value === "" || isPagePath(value), msg("editor.error.translation")))
    .optional(),
  /** Search engines show about 60 characters of a title and 160 of a description; longer is allowed, and warned. */
  seoTitle: line(200).optional(),
  seoDescription: line(500).optional(),
  /**
   * When the page becomes public: a date and time with its offset ("2026-12-01T09:30:00+03:30"); "" removes it;
   * absent: the file's time is kept as it is.
   */
  publishAt: z
    .string(msg("validation.invalid"))
    .transform((value) => asciiDigits(value.trim()))
    .pipe(z.string().refine((value) => value === "" || isInstant(value), msg("editor.error.publishAt")))
    .optional(),
  toc: z.boolean(msg("validation.invalid")),
  comments: z.boolean(msg("validation.invalid")),
  draft: z.boolean(msg("validation.invalid")),
  intro: z.boolean(msg("validation.invalid")),
});
export type FrontMatterFields = z.output<typeof frontMatterFields>;

const baseHash = z
  .string(msg("validation.invalid"))
  .regex(/^[0-9a-f]{40}$/, msg("validation.invalid"))
  .nullable();

const commitMessage = line(200).optional();

/**
 * POST /api/builds/commit: a page written (its address may change: a rename), or deleted. `baseHash` is the
 * version the writer started from (null for a new page): the save is refused when the page has changed since.
 */
export const commitSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("save"),
    locale: z.enum(locales, msg("validation.invalid")),
    path: pagePathField,
    /** The address the page had when it was opened, when it is being moved. */
    previousPath: pagePathField.optional(),
    frontMatter: frontMatterFields,
    markdown: z.string(msg("validation.invalid")).max(MARKDOWN_MAX, msg("validation.tooLong", MARKDOWN_MAX)),
    baseHash,
    message: commitMessage,
  }),
  z.object({
    action: z.literal("delete"),
    locale: z.enum(locales, msg("validation.invalid")),
    path: pagePathField,
    baseHash,
    message: commitMessage,
  }),
]);
export type CommitInput = z.output<typeof commitSchema>;

/** GET /api/builds/source?locale=&path= */
export const sourceQuery = z.object({
  locale: z.enum(locales, msg("validation.invalid")),
  path: pagePathField,
});

/** POST /api/builds/preview: markdown rendered by the site's own renderer. */
export const previewSchema = z.object({
  locale: z.enum(locales, msg("validation.invalid")),
  markdown: z.string(msg("validation.invalid")).max(MARKDOWN_MAX, msg("validation.tooLong", MARKDOWN_MAX)),
});
