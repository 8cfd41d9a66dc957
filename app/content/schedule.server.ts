/**
 * Scheduled pages: a page published with a `publishAt` still to come is written withheld (every public listing
 * and the page itself leave it out). When its time has come, one conditional update clears the flag and
 * announces the pages it cleared, in one transaction: of any number of instances trying at once, only the one
 * whose update changed the rows announces them, so each page appears once, everywhere, with one announcement.
 * The instance holding the period's lease tries every few seconds, so a page appears within that period.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import { changeTransaction, type ContentChange } from "~/cluster/change-feed.server";
import { everyPeriod } from "~/cluster/leases.server";
import type { Database } from "~/db/client.server";
import { pages } from "~/db/schema";
import { localizePath, type Locale } from "~/i18n/locales";
import { clearRedirectsFrom, pageOfAddress, releaseWaitingRedirects } from "./redirects.server";

/** How often a due page is looked for: it appears at most this long (and a database round trip) after its time. */
export const RELEASE_EVERY_MS = 15_000;

const due = (now: number) => and(eq(pages.withheld, true), lte(pages.publishAt, new Date(now)));

/**
 * Makes public every withheld page whose time is `now` or earlier and announces them; returns the pages this
 * call released (none when another instance released them first). `now` is the caller's clock.
 */
export async function releaseDuePages(db: Database, now = Date.now()): Promise<ContentChange[]> {
  // Most periods have nothing due: a read (an index lookup) settles that without taking the write lock.
  const any = await db.select({ id: pages.id }).from(pages).where(due(now)).limit(1).all();
  if (any.length === 0) return [];
  return changeTransaction(db, async (tx, announce) => {
    const released = await tx
      .update(pages)
      .set({ withheld: false })
      .where(due(now))
      .returning({ locale: pages.locale, path: pages.path });
    if (released.length === 0) return released;
    // Their addresses become theirs now (a redirect or a deletion there ends), and the redirects that waited for
    // them (a public page moved to a scheduled one) are stored: neither told the address before its time.
    const addresses = released.map(({ locale, path }) => localizePath(path, locale));
    const taken = await clearRedirectsFrom(tx, addresses);
    const redirected = await releaseWaitingRedirects(tx, addresses);
    announce({ topic: "content", detail: [...released, ...taken.map(pageOfAddress), ...redirected] });
    return released;
  });
}

/** Releases due pages on whichever instance holds the period's lease. Returns the function that stops it. */
export function startReleasing(): () => Promise<void> {
  return everyPeriod("scheduled-pages", RELEASE_EVERY_MS, async (db) => void (await releaseDuePages(db)), {
    firstAfterMs: 2_000,
  });
}

export interface ScheduledPage {
  locale: Locale;
  path: string;
  title: string;
  /** Epoch milliseconds. */
  publishAt: number;
}

/** What is coming: the withheld pages, soonest first (the dashboard's overview lists them). */
export async function scheduledPages(db: Database, limit = 20): Promise<ScheduledPage[]> {
  const rows = await db
    .select({ locale: pages.locale, path: pages.path, title: pages.title, publishAt: pages.publishAt })
    .from(pages)
    .where(and(eq(pages.withheld, true), eq(pages.draft, false)))
    .orderBy(asc(pages.publishAt))
    .limit(limit)
    .all();
  return rows.map((row) => ({ ...row, publishAt: row.publishAt?.getTime() ?? 0 }));
}
