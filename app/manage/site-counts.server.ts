/** The numbers on the dashboard's front page: what is published, what waits for someone, who has an account. */
import { count, eq } from "drizzle-orm";
import { getCatalog } from "~/content/catalog.server";
import type { Database } from "~/db/client.server";
import { builds, commits, comments, users } from "~/db/schema";
import { locales, type Locale } from "~/i18n/locales";

/** A count that stops at a limit: `more` when there were more than `count`. */
export interface UnreadCount {
  count: number;
  more: boolean;
}

export interface SiteCounts {
  /** Published pages (posts included) per language. */
  pages: Record<Locale, number>;
  /** Published posts (dated pages) per language. */
  posts: Record<Locale, number>;
  pendingComments: number;
  users: number;
  /** Saved changes not yet published (the open build's commits); absent for readers without `builds.read`. */
  unpublishedChanges?: number;
  /** Messages to the reader that arrived since their inbox was last open (the caller counts them for the reader). */
  unreadMessages?: UnreadCount;
}

export async function siteCounts(
  db: Database,
  { withUnpublished = false }: { /** Count the open build's commits too. */ withUnpublished?: boolean } = {},
): Promise<SiteCounts> {
  const [catalog, pending, accounts, unpublished] = await Promise.all([
    getCatalog(),
    db.select({ n: count() }).from(comments).where(eq(comments.status, "pending")).get(),
    db.select({ n: count() }).from(users).get(),
    withUnpublished ? unpublishedChanges(db) : undefined,
  ]);
  const pages = { fa: 0, en: 0 };
  for (const page of catalog.pages.values()) pages[page.locale]++;
  const posts = Object.fromEntries(locales.map((locale) => [locale, catalog.posts[locale].length])) as Record<
    Locale,
    number
  >;
  return {
    pages,
    posts,
    pendingComments: pending?.n ?? 0,
    users: accounts?.n ?? 0,
    ...(unpublished === undefined ? {} : { unpublishedChanges: unpublished }),
  };
}

/** How many saved changes wait to be published: the commits of the open build (one per page it changes). */
async function unpublishedChanges(db: Database): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(commits)
    .innerJoin(builds, eq(builds.id, commits.buildId))
    .where(eq(builds.status, "open"))
    .get();
  return row?.n ?? 0;
}
