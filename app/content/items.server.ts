/**
 * The dashboard's items list: every content item (the `pages` table, drafts too) with what an owner sorts and
 * filters by. Read from the database, not the public catalog, which holds only published pages.
 */
import { and, asc, count, desc, eq, isNull, not, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { containsText, keyboardFolded } from "~/db/folded-match.server";
import { pages } from "~/db/schema";
import { foldKeyboard } from "~/i18n/fold";
import { locales, localizePath, type Locale } from "~/i18n/locales";
import type { AppConfig } from "~/settings/app-config";
import type { ItemListQuery, ItemSort } from "./schema";

export interface ItemRow {
  id: number;
  locale: Locale;
  path: string;
  title: string;
  /** The category's slug and its name in the reader's language (null name: a category that does not exist). */
  category: { slug: string; name: string | null } | null;
  /** scheduled: published, withheld from readers until `publishAt`. */
  status: "published" | "draft" | "scheduled";
  /** When a scheduled item becomes public (ISO), else null. */
  publishAt: string | null;
  /** The post's date (YYYY-MM-DD); null for a page that is not a post. */
  date: string | null;
  updatedAt: string;
  author: string | null;
  /** Whether the other language has its translation (linked, or at the same path). */
  translated: boolean;
  /** The public address; a draft has none yet. */
  url: string | null;
}

export interface ItemPage {
  items: ItemRow[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Each sort of the list, read in order from an index of `pages` (a sort of every row would cost n log n): the
 * tie-breaker runs the same way as the sort, so the index is read forwards or backwards.
 */
export const itemOrder: Record<ItemSort, SQL[]> = {
  "updated-desc": [desc(pages.updatedAt), desc(pages.id)],
  "updated-asc": [asc(pages.updatedAt), asc(pages.id)],
  "title-asc": [asc(sql`${pages.title} COLLATE NOCASE`), asc(pages.id)],
  "title-desc": [desc(sql`${pages.title} COLLATE NOCASE`), desc(pages.id)],
  "path-asc": [asc(pages.path), asc(pages.locale)],
  "path-desc": [desc(pages.path), desc(pages.locale)],
};

/**
 * Whether the other language has this item's translation: the page its file links, the page that links it, or
 * for unlinked pages the page at the same path (written out: the outer table must be named in the subquery). The
 * locales are named so each lookup is a search of an index ((locale, path), (locale, translation_of)): without
 * them SQLite reads the whole index for every row, which made a list of n items cost n².
 */
export const translationExists = sql<number>`exists (select 1 from "pages" as "twin" where "twin"."locale" in (${sql.join(
  locales.map((locale) => sql`${locale}`),
  sql`, `,
)}) and "twin"."locale" <> "pages"."locale" and (("twin"."path" = coalesce("pages"."translation_of", "pages"."path") and ("pages"."translation_of" is not null or "twin"."translation_of" is null)) or "twin"."translation_of" = "pages"."path"))`;

/** One page of items matching the query, with the category names in `locale`. */
export async function listItems(
  db: Database,
  config: AppConfig,
  query: ItemListQuery,
  locale: Locale,
): Promise<ItemPage> {
  const translated = translationExists;
  const conditions: (SQL | undefined)[] = [];
  // Arabic yeh and kaf as Persian ones, lower case: «علي» finds «علی», "Git" finds "git".
  const q = foldKeyboard(query.q);
  if (q) {
    conditions.push(
      or(
        containsText(keyboardFolded(pages.title), q),
        containsText(sql`lower(${pages.path})`, q),
        containsText(keyboardFolded(sql`coalesce(${pages.author}, '')`), q),
      ),
    );
  }
  if (query.locale) conditions.push(eq(pages.locale, query.locale));
  if (query.category === "none") conditions.push(isNull(pages.category));
  else if (query.category) conditions.push(eq(pages.category, query.category));
  if (query.status === "draft") conditions.push(eq(pages.draft, true));
  else if (query.status) conditions.push(eq(pages.draft, false), eq(pages.withheld, query.status === "scheduled"));
  if (query.translation === "missing") conditions.push(not(translated));
  if (query.translation === "present") conditions.push(translated);
  const where = and(...conditions);

  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(pages).where(where).get(),
    db
      .select({
        id: pages.id,
        locale: pages.locale,
        path: pages.path,
        title: pages.title,
        category: pages.category,
        draft: pages.draft,
        withheld: pages.withheld,
        publishAt: pages.publishAt,
        date: pages.date,
        updatedAt: pages.updatedAt,
        author: pages.author,
        translated,
      })
      .from(pages)
      .where(where)
      .orderBy(...itemOrder[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all(),
  ]);
  const names = new Map(config.categories.map((c) => [c.slug, c.name[locale]]));
  return {
    items: rows.map((row) => ({
      id: row.id,
      locale: row.locale,
      path: row.path,
      title: row.title,
      category: row.category ? { slug: row.category, name: names.get(row.category) ?? null } : null,
      status: row.draft ? "draft" : row.withheld ? "scheduled" : "published",
      publishAt: row.withheld && row.publishAt ? row.publishAt.toISOString() : null,
      date: row.date,
      updatedAt: row.updatedAt.toISOString(),
      author: row.author,
      translated: Boolean(row.translated),
      url: row.draft || row.withheld ? null : localizePath(row.path, row.locale),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
