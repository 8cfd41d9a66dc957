/**
 * Content file format: YAML front matter between leading `---` lines, then
 * the markdown body.
 *
 * Pure module (no Node APIs) so the editor can use it on either side.
 *
 * ```md
 * ---
 * title: یادداشت
 * date: 2025-01-31
 * tags: [react, typescript]
 * ---
 * متن…
 * ```
 */
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import * as z from "zod";

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written as YYYY-MM-DD. */
function isCalendarDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * `date` accepts "YYYY-MM-DD", an ISO timestamp string (its written date is
 * kept, whatever the offset) or a Date (YAML 1.1 timestamp, or a caller's
 * Date: its UTC date is used). Output is always "YYYY-MM-DD".
 */
const dateField = z.preprocess(
  (value) => {
    if (value instanceof Date) {
      return Number.isNaN(value.getTime()) ? value : value.toISOString().slice(0, 10);
    }
    if (typeof value === "string") {
      const trimmed = value.trim();
      if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(trimmed)) return trimmed.slice(0, 10);
      return trimmed;
    }
    return value;
  },
  z
    .string({ error: "must be a date written as YYYY-MM-DD" })
    .refine(isCalendarDate, { error: "must be a real date written as YYYY-MM-DD" }),
);

const INSTANT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * `publishAt`: an instant with its offset ("2026-12-01T09:30:00+03:30"), kept as written so the file says the
 * writer's own time of day; a Date (a YAML 1.1 timestamp, a caller's Date) is written in UTC.
 */
const instantField = z.preprocess(
  (value) => {
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
    return typeof value === "string" ? value.trim() : value;
  },
  z
    .string({ error: "must be a date and time with its offset, like 2026-12-01T09:30:00+03:30" })
    .refine(isInstant, {
      error: "must be a real date and time with its offset, like 2026-12-01T09:30:00+03:30",
    }),
);

/** True for a date and time written with its offset, as `publishAt` takes it. */
export function isInstant(value: string): boolean {
  return INSTANT_RE.test(value) && isCalendarDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value));
}

/** The instant a `publishAt` value names, in epoch milliseconds. */
export function publishTime(publishAt: string | undefined | null): number | null {
  if (!publishAt) return null;
  const time = Date.parse(publishAt);
  return Number.isNaN(time) ? null : time;
}

/** YAML reads `title: 1984` as a number; for text fields that is clearly meant as text. */
const text = () =>
  z.preprocess(
    (value) => (typeof value === "number" && Number.isFinite(value) ? String(value) : value),
    z.string({ error: "must be a string" }),
  );

/**
 * An image's address goes into src, href and meta tags as written: only a path on this site ("/images/x.svg")
 * or an http(s) address, never another scheme (javascript:, data:) or a path that leaves the site ("//host").
 */
const imageAddress = z
  .string()
  .trim()
  .refine((value) => /^\/(?![/\\])[^\s\\]*$/.test(value) || /^https?:\/\/[^\s\\]+$/i.test(value), {
    error: "must be a path on this site (/images/…) or an http(s) address",
  });

const flag = () => z.boolean({ error: "must be true or false" }).default(false);

export const frontMatterSchema = z.object({
  title: text().pipe(z.string().trim().min(1, { error: "must not be empty" })),
  description: text().default(""),
  date: dateField.optional(),
  // The slug of one of the site's categories (they are configured in the dashboard): which ones exist is checked
  // by the service that saves the page, since a file read from git may name one the site has not added yet.
  category: text()
    .pipe(
      z
        .string()
        .trim()
        .regex(/^[^\s/\\?#]{1,100}$/, { error: "must be a category's slug: one word of an address, like notes" }),
    )
    .optional(),
  tags: z
    .array(text().pipe(z.string().trim().min(1, { error: "must not be empty" })), {
      error: "must be a list of strings",
    })
    .default([]),
  thumbnail: text().pipe(imageAddress).optional(),
  author: text().optional(),
  // The address of this page's translation in the other language ("/notes/hello"): the two pages are linked,
  // whatever their addresses. Kept in the file, so a clone of the repository keeps the link.
  translationOf: text()
    .pipe(
      z
        .string()
        .trim()
        .regex(/^\/[^\s?#\\]{0,300}$/, { error: "must be a page's address on this site, like /notes/hello" }),
    )
    .optional(),
  // What search engines and social cards show instead of the title and description, when the writer set them.
  seoTitle: text().optional(),
  seoDescription: text().optional(),
  toc: flag(),
  comments: flag(),
  draft: flag(),
  intro: flag(),
  // When the page becomes public; before it, the published page is withheld from every reader.
  publishAt: instantField.optional(),
});
// z.object() drops keys it does not know, so unknown front matter keys never reach the app.

export type FrontMatter = z.output<typeof frontMatterSchema>;
/** What a caller may pass to serializeContentFile (defaults may be left out). */
export type FrontMatterInput = z.input<typeof frontMatterSchema>;

export class ContentParseError extends Error {
  /** Front matter field at fault (e.g. "date", "tags.1"), when one is. */
  readonly field: string | undefined;
  constructor(message: string, field?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ContentParseError";
    this.field = field;
  }
}

// Opening `---` line, YAML, closing `---` line (a BOM before the opening line is tolerated).
const FRONT_MATTER_RE = /^\uFEFF?---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)??---[ \t]*(?:\r?\n|$)/;

function fieldOf(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

function validate(data: unknown): FrontMatter {
  const result = frontMatterSchema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue ? fieldOf(issue.path) : "";
  const isMissing =
    issue?.code === "invalid_type" &&
    issue.path.length === 1 &&
    (data as Record<string, unknown>)[String(issue.path[0])] === undefined;
  const reason = isMissing ? "is required" : (issue?.message ?? "is invalid");
  const more = result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more problem(s))` : "";
  throw new ContentParseError(`Invalid front matter: field "${field}" ${reason}${more}.`, field || undefined, {
    cause: result.error,
  });
}

/**
 * Split a content file into validated front matter and its markdown body.
 * The body is returned exactly as written (ZWNJ, line endings, everything).
 * @throws ContentParseError when the front matter is missing, is not valid
 *   YAML, or fails the schema.
 */
export function parseContentFile(source: string): { frontMatter: FrontMatter; body: string } {
  const match = FRONT_MATTER_RE.exec(source);
  if (!match) {
    throw new ContentParseError(
      'Missing front matter: a content file must start with a "---" line, YAML with at least "title", and a closing "---" line.',
    );
  }
  const yamlText = match[1] ?? "";
  let data: unknown;
  try {
    data = parseYaml(yamlText);
  } catch (error) {
    const detail = (error instanceof Error ? error.message : String(error)).split("\n")[0]?.trim();
    throw new ContentParseError(`Invalid front matter: not valid YAML (${detail}).`, undefined, { cause: error });
  }
  data ??= {};
  if (typeof data !== "object" || data === null || Array.isArray(data) || data instanceof Date) {
    throw new ContentParseError('Invalid front matter: expected "key: value" pairs.');
  }
  // A key written with no value (`thumbnail:`) means "not set".
  const cleaned = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null));
  return { frontMatter: validate(cleaned), body: source.slice(match[0].length) };
}

/** Key order in saved files (the editor writes new keys in the same order). */
export const FRONT_MATTER_KEY_ORDER = [
  "title",
  "description",
  "date",
  "category",
  "tags",
  "thumbnail",
  "author",
  "translationOf",
  "toc",
  "comments",
  "draft",
  "publishAt",
  "intro",
  "seoTitle",
  "seoDescription",
] as const satisfies readonly (keyof FrontMatter)[];

/**
 * Inverse of {@link parseContentFile}: validates the front matter and writes
 * `---\n<yaml>---\n<body>`. Fields equal to their default are left out to keep
 * files tidy; parsing the result gives back the same front matter and body.
 * @throws ContentParseError when the front matter is invalid.
 */
export function serializeContentFile(frontMatter: FrontMatterInput, body: string): string {
  const valid = validate(frontMatter);
  const out: Record<string, unknown> = {};
  for (const key of FRONT_MATTER_KEY_ORDER) {
    const value = valid[key];
    if (value === undefined || value === false || value === "") continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  // lineWidth 0: never fold long titles/descriptions onto several lines.
  const yamlText = stringifyYaml(out, { lineWidth: 0 });
  return `---\n${yamlText}---\n${body}`;
}
