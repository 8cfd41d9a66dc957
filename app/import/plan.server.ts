/**
 * The preview of an import: what an export will become on this site, read-only. Each item gets its address (its
 * category's folder and its slug; Persian slugs stay Persian; a clash with a page of the site or another item is
 * settled by a suffix, and said), its language (the preview may change it), one site category (nested categories
 * are flattened, keeping the parent's name), its author (a member when the login or the address matches) and its
 * tags. What an earlier import of the same export made is found by the export's keys: nothing to do for it.
 */
import { inArray, or, sql } from "drizzle-orm";
import { personName } from "~/builds/builds.server";
import { composeContentFile } from "~/builds/content-file";
import { isPagePath, pageKeyOf, pageOfFile } from "~/builds/files";
import { commitsOf, openBuildOf } from "~/builds/versions.server";
import { ContentParseError } from "~/content/front-matter";
import { markdownLimitProblem } from "~/content/markdown/limits";
import { slugify } from "~/content/slug";
import type { Database } from "~/db/client.server";
import { pages, users } from "~/db/schema";
import { locales, localizePath, otherLocale, type Locale } from "~/i18n/locales";
import type { MessageKey } from "~/i18n/translate";
import { readAppConfigState } from "~/settings/app-config.server";
import type { ExportedCategory, ExportedComment, ExportedCommentStatus, ExportedItem, ExportedSite } from "./model";
import { finishedRecords } from "./records.server";

export interface ImportChoices {
  /** Languages changed in the preview: an item's key → its language here. */
  locales?: Record<string, Locale>;
  /**
   * Whether the import may add categories: adding one is a change of the settings (`settings.edit`), as on the
   * categories screen. Without it the export's categories the site lacks are not added: their items go to the
   * site's first category (none when it has none), and the preview says so. Unset: allowed.
   */
  mayAddCategories?: boolean;
}

export interface PlanProblem {
  /** The item (or category, comment) concerned; null for the whole export. */
  key: string | null;
  message: MessageKey | string;
  values?: Record<string, string | number>;
}

export interface PlannedItem {
  key: string;
  kind: ExportedItem["kind"];
  title: string;
  locale: Locale;
  /** The page's address without its language prefix ("/books/سلام-دنیا"). */
  path: string;
  /** As readers ask for it ("/en/books/x"). */
  routePath: string;
  /** The site category's slug, or null. */
  category: string | null;
  state: "published" | "draft";
  statusNote: string | null;
  /** YYYY-MM-DD: the date it was published on its old site (a draft: its last change). */
  date: string | null;
  author: { name: string; memberId: number | null };
  tags: string[];
  thumbnail: string | null;
  comments: number;
  images: number;
  /** Imported before (found by its key): nothing to do. */
  exists: boolean;
  problems: PlanProblem[];
}

export interface PlannedCategory {
  /** The export's categories this site category takes (one per language when they are translations). */
  keys: string[];
  slug: string;
  name: Record<Locale, string>;
  /** new: added by the import; site: one the site has already (same address or same name). */
  state: "new" | "site";
}

export interface ImportCounts {
  items: number;
  posts: number;
  pages: number;
  drafts: number;
  comments: Record<ExportedCommentStatus, number>;
  images: number;
  /** Items imported before: nothing to do. */
  existing: number;
  /** Comments still to bring in (on new items, or new on items imported before). */
  newComments: number;
}

export interface ImportPlan {
  /** Which export: its platform and its old site (what its keys are recorded under). */
  exportId: string;
  site: ExportedSite;
  items: PlannedItem[];
  categories: PlannedCategory[];
  counts: ImportCounts;
  /** The export's keys of comments imported before. */
  importedComments: string[];
  /** The export's own warnings and the preview's problems with the whole export. */
  problems: PlanProblem[];
}

/** What the dashboard's preview shows: the plan without the export's texts. */
export interface ImportPreview {
  source: ExportedSite["source"];
  title: string;
  items: PlannedItem[];
  categories: PlannedCategory[];
  counts: ImportCounts;
  problems: PlanProblem[];
}

export function previewOf(plan: ImportPlan): ImportPreview {
  const { items, categories, counts, problems } = plan;
  return { source: plan.site.source, title: plan.site.title, items, categories, counts, problems };
}

export function exportIdOf(site: ExportedSite): string {
  return `${site.source} ${site.baseUrl ?? site.title}`;
}

/**
 * Where a new item's address would go: a number after its slug until it is free and an address a page can have
 * (not one another route answers, such as /login).
 */
function freeAddress(base: string, taken: Set<string>, locale: Locale): string {
  const free = (path: string) => !taken.has(`${locale}:${path}`) && isPagePath(path);
  if (free(base)) return base;
  for (let n = 2; n < 10_000; n++) {
    const next = `${base}-${n}`;
    if (free(next)) return next;
  }
  throw new Error(`No free address near ${base}`);
}

/** A slug the site can use as one segment of an address, or "" when the text gives none. */
function segmentOf(slug: string, fallback: string): string {
  const own = slug.normalize("NFC").trim();
  if (own && isPagePath(`/${own}`) && !own.includes("/")) return own;
  return slugify(own) || slugify(fallback);
}

/** The export's categories flattened into site categories, and each export key's site slug. */
async function planCategories(db: Database, site: ExportedSite, mayAdd: boolean) {
  const { config } = await readAppConfigState(db);
  const byKey = new Map(site.categories.map((c) => [c.key, c]));
  const chain = (category: ExportedCategory): ExportedCategory[] => {
    const seen = new Set<string>();
    const out: ExportedCategory[] = [];
    for (let c: ExportedCategory | undefined = category; c && !seen.has(c.key); c = byKey.get(c.parentKey ?? "")) {
      seen.add(c.key);
      out.unshift(c);
    }
    return out;
  };
  const fullName = (category: ExportedCategory) =>
    chain(category)
      .map((c) => c.name.trim())
      .join(" — ");
  const planned: PlannedCategory[] = [];
  const slugOf = new Map<string, string>();
  const usedSlugs = new Set(config.categories.map((c) => c.slug));
  const done = new Set<string>();
  const notAdded: string[] = [];
  for (const category of site.categories) {
    if (done.has(category.key)) continue;
    const partner = category.translationKey ? byKey.get(category.translationKey) : undefined;
    const group = partner && !done.has(partner.key) ? [category, partner] : [category];
    for (const c of group) done.add(c.key);
    const name = { fa: "", en: "" } as Record<Locale, string>;
    // A category whose language the export does not record is named in the site's first language.
    for (const c of group) name[c.locale ?? "fa"] ||= fullName(c);
    for (const locale of locales) name[locale] ||= name[otherLocale(locale)];
    const lead = group.find((c) => c.locale === "fa") ?? group[0]!;
    const parts = chain(lead).map((c) => segmentOf(c.slug, c.name));
    const wanted = parts.at(-1) || "category";
    // The site's own category with this address or one of these names: the items go there.
    const existing = config.categories.find(
      (c) =>
        c.slug === wanted ||
        locales.some((locale) => c.name[locale].toLocaleLowerCase() === name[locale].toLocaleLowerCase()),
    );
    if (existing) {
      for (const c of group) slugOf.set(c.key, existing.slug);
      if (!planned.some((p) => p.slug === existing.slug)) {
        planned.push({ keys: group.map((c) => c.key), slug: existing.slug, name: existing.name, state: "site" });
      } else {
        planned.find((p) => p.slug === existing.slug)!.keys.push(...group.map((c) => c.key));
      }
      continue;
    }
    if (!mayAdd) {
      // Not the importer's to add: its items go to the site's first category (or none), as the preview says.
      const fallback = config.categories[0];
      if (fallback) for (const c of group) slugOf.set(c.key, fallback.slug);
      notAdded.push(name[lead.locale ?? "fa"] || wanted);
      continue;
    }
    let slug = usedSlugs.has(wanted) && parts.length > 1 ? parts.join("-") : wanted;
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${wanted}-${n}`;
    usedSlugs.add(slug);
    for (const c of group) slugOf.set(c.key, slug);
    planned.push({ keys: group.map((c) => c.key), slug, name, state: "new" });
  }
  const fallback = config.categories[0];
  return { planned, slugOf, allSlugs: usedSlugs, notAdded, fallback: fallback ? fallback.name : null };
}

/** Every address a page of the site holds or the open build writes ("fa:/books/x"). */
async function takenAddresses(db: Database): Promise<Set<string>> {
  const taken = new Set(
    (await db.select({ locale: pages.locale, path: pages.path }).from(pages).all()).map((row) => pageKeyOf(row)),
  );
  const open = await openBuildOf(db);
  for (const commit of open ? await commitsOf(db, open.id) : []) {
    const address = pageOfFile(commit.path);
    if (address && commit.content !== null) taken.add(pageKeyOf(address));
  }
  return taken;
}

/** Members an author of the export may be: by user name or address, case aside. */
async function membersFor(db: Database, site: ExportedSite) {
  const logins = site.authors.flatMap((a) => (a.login ? [a.login.toLowerCase()] : []));
  const emails = site.authors.flatMap((a) => (a.email ? [a.email.toLowerCase()] : []));
  if (logins.length === 0 && emails.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(
      or(
        logins.length ? inArray(sql`lower(${users.userName})`, logins) : undefined,
        emails.length ? inArray(sql`lower(${users.email})`, emails) : undefined,
      ),
    )
    .all();
}

/** The date an item is dated by on this site: the day its old site wrote (whatever the offset), YYYY-MM-DD. */
function dayOf(iso: string | null): string | null {
  const match = iso ? /^(\d{4}-\d{2}-\d{2})/.exec(iso) : null;
  return match ? match[1]! : null;
}

/**
 * Replies whose parent is itself a reply (threads here are one level deep) are attached to their thread's first
 * comment; replies to a comment the export lacks become comments of their own. Returns each comment's parent.
 */
export function threadParents(comments: readonly ExportedComment[]): {
  parents: Map<string, string | null>;
  moved: number;
} {
  const byKey = new Map(comments.map((c) => [c.key, c]));
  const parents = new Map<string, string | null>();
  let moved = 0;
  for (const comment of comments) {
    let parent = comment.parentKey ? byKey.get(comment.parentKey) : undefined;
    let depth = 0;
    const seen = new Set([comment.key]);
    while (parent?.parentKey && byKey.has(parent.parentKey) && !seen.has(parent.parentKey)) {
      seen.add(parent.key);
      parent = byKey.get(parent.parentKey);
      depth++;
    }
    if (depth > 0) moved++;
    parents.set(comment.key, parent && parent.key !== comment.key ? parent.key : null);
  }
  return { parents, moved };
}

export async function planImport(db: Database, site: ExportedSite, choices: ImportChoices = {}): Promise<ImportPlan> {
  const exportId = exportIdOf(site);
  const recorded = await finishedRecords(db, exportId);
  const before = new Map(recorded.map((row) => [row.key, row]));
  const planned = await planCategories(db, site, choices.mayAddCategories ?? true);
  const { planned: categories, slugOf, allSlugs } = planned;
  const taken = await takenAddresses(db);
  // A category's page, and the pages the tag index and the archive take their text from, are not an item's.
  for (const locale of locales) {
    for (const path of [...[...allSlugs].map((slug) => `/${slug}`), "/tags", "/logs"]) taken.add(`${locale}:${path}`);
  }
  const members = await membersFor(db, site);
  const authors = new Map(
    site.authors.map((author) => {
      const member = members.find(
        (m) =>
          (author.login && m.userName.toLowerCase() === author.login.toLowerCase()) ||
          (author.email && m.email?.toLowerCase() === author.email.toLowerCase()),
      );
      return [
        author.key,
        member ? { name: personName(member), memberId: member.id } : { name: author.displayName, memberId: null },
      ];
    }),
  );
  const tagNames = new Map(site.tags.map((tag) => [tag.key, tag.name.normalize("NFC").trim()]));

  const counts: ImportCounts = {
    items: site.items.length,
    posts: 0,
    pages: 0,
    drafts: 0,
    comments: { approved: 0, pending: 0, spam: 0, trash: 0 },
    images: 0,
    existing: 0,
    newComments: 0,
  };
  const images = new Set<string>();
  const items: PlannedItem[] = [];
  for (const item of site.items) {
    const problems: PlanProblem[] = [];
    const locale = choices.locales?.[item.key] ?? item.locale;
    const known = before.get(item.key);
    const categoryKeys = item.kind === "post" ? item.categoryKeys.filter((key) => slugOf.has(key)) : [];
    const category = categoryKeys.length ? slugOf.get(categoryKeys[0]!)! : null;
    if (categoryKeys.length > 1) {
      const name = (key: string) => site.categories.find((c) => c.key === key)?.name ?? key;
      problems.push({
        key: item.key,
        message: "import.plan.moreCategories",
        values: { kept: name(categoryKeys[0]!), others: categoryKeys.slice(1).map(name).join("، ") },
      });
    }
    let path: string;
    let itemLocale = locale;
    if (known) {
      // Where the earlier import put it: nothing to do.
      const [recordedLocale, ...rest] = known.target.split(":");
      itemLocale = recordedLocale as Locale;
      path = rest.join(":");
      counts.existing++;
      problems.push({ key: item.key, message: "import.plan.exists" });
    } else {
      const segment = segmentOf(item.slug, item.title) || item.key.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
      const base = category ? `/${category}/${segment}` : `/${segment}`;
      path = freeAddress(base, taken, locale);
      if (!item.slug) problems.push({ key: item.key, message: "import.plan.noSlug", values: { to: path } });
      else if (path !== base) {
        problems.push({
          key: item.key,
          message: "import.plan.renamed",
          values: { from: localizePath(base, locale), to: localizePath(path, locale) },
        });
      }
      taken.add(`${locale}:${path}`);
      const limit = markdownLimitProblem(item.markdown);
      if (limit) problems.push({ key: item.key, message: "import.plan.tooComplex" });
      try {
        composeContentFile(null, { title: item.title, description: item.excerpt }, "");
      } catch (error) {
        if (!(error instanceof ContentParseError)) throw error;
        problems.push({ key: item.key, message: "import.plan.unwritable", values: { reason: error.message } });
      }
      for (const image of item.images) images.add(image);
      if (item.featuredImage) images.add(item.featuredImage);
    }
    const { moved } = threadParents(item.comments);
    if (moved > 0) problems.push({ key: item.key, message: "import.plan.deepReplies", values: { count: moved } });
    for (const comment of item.comments) {
      counts.comments[comment.status]++;
      if (!before.has(comment.key)) counts.newComments++;
    }
    if (item.kind === "post") counts.posts++;
    else counts.pages++;
    if (item.status === "draft") counts.drafts++;
    const author = item.authorKey ? authors.get(item.authorKey) : undefined;
    items.push({
      key: item.key,
      kind: item.kind,
      title: item.title,
      locale: itemLocale,
      path,
      routePath: localizePath(path, itemLocale),
      category,
      state: item.status,
      statusNote: item.statusNote,
      date: dayOf(item.publishedAt) ?? dayOf(item.updatedAt),
      author: author ?? { name: "", memberId: null },
      tags: [...new Set(item.tagKeys.flatMap((key) => (tagNames.get(key) ? [tagNames.get(key)!] : [])))],
      thumbnail: item.featuredImage,
      comments: item.comments.length,
      images: item.images.length,
      exists: Boolean(known),
      problems,
    });
  }
  counts.images = images.size;
  const usedCategories = new Set(items.filter((i) => !i.exists).flatMap((i) => (i.category ? [i.category] : [])));
  return {
    exportId,
    site,
    items,
    // A category no new item uses is not added.
    categories: categories.filter((c) => c.state === "site" || usedCategories.has(c.slug)),
    counts,
    importedComments: recorded.filter((row) => row.kind === "comment").map((row) => row.key),
    problems: [
      ...site.warnings.map((w) => ({ key: w.key, message: w.message, values: w.values })),
      ...categoriesNotAdded(planned.notAdded, planned.fallback),
    ],
  };
}

/** The preview's word on the export's categories an importer without `settings.edit` cannot add. */
function categoriesNotAdded(names: readonly string[], fallback: Record<Locale, string> | null): PlanProblem[] {
  if (!names.length) return [];
  const values = { count: names.length, names: names.join("، ") };
  return fallback
    ? [{ key: null, message: "import.plan.categoriesNotAdded", values: { ...values, to: fallback.fa || fallback.en } }]
    : [{ key: null, message: "import.plan.categoriesNotAddedNone", values }];
}

/** Whether applying the plan would change anything. */
export function hasWork(plan: ImportPlan): boolean {
  return plan.items.some((item) => !item.exists) || plan.counts.newComments > 0;
}
