/** The numbers on the dashboard's front page: what is published, what waits for someone, who has an account. */
import { count, eq } from "drizzle-orm";
import { getCatalog } from "~/content/catalog.server";
import type { Database } from "~/db/client.server";
import { comments, users } from "~/db/schema";
import { locales, type Locale } from "~/i18n/locales";

export interface SiteCounts {
  /** Published pages (posts included) per language. */
  pages: Record<Locale, number>;
  /** Published posts (dated pages) per language. */
  posts: Record<Locale, number>;
  pendingComments: number;
  users: number;
  /** Saved changes not yet published; absent until the builds feature can tell (its card then appears). */
  unpublishedChanges?: number;
}

export async function siteCounts(db: Database): Promise<SiteCounts> {
  const [catalog, pending, accounts, unpublished] = await Promise.all([
    getCatalog(),
    db.select({ n: count() }).from(comments).where(eq(comments.status, "pending")).get(),
    db.select({ n: count() }).from(users).get(),
    unpublishedChanges(db),
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

/**
 * The hook for the builds feature: how many saved changes wait to be published. There are no builds yet, so
 * there is no such number; the dashboard shows the card once this returns one.
 */
async function unpublishedChanges(_db: Database): Promise<number | undefined> {
  return undefined;
}
