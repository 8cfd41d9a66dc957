/**
 * Linked translations in the database (drafts too), for the editor: the public site reads them from the catalog
 * (`translationIn`, app/content/catalog.server.ts).
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pages } from "~/db/schema";
import { otherLocale, type Locale } from "~/i18n/locales";

/** The address of the other language's page whose file names (locale, path) as its translation, if any. */
export async function linkedFrom(db: Database, locale: Locale, path: string): Promise<string | undefined> {
  const row = await db
    .select({ path: pages.path })
    .from(pages)
    .where(and(eq(pages.locale, otherLocale(locale)), eq(pages.translationOf, path)))
    .get();
  return row?.path;
}
