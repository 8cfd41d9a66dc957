/**
 * Site search over the published pages. The index is kept in the database (./search/search-index.server), shared
 * by every instance: each search reads it there, so what one instance indexes every other finds at once.
 *
 * Each search page records the version of the page row it was made from (`pages.id`, `pages.updated_at`) and the
 * index's `SEARCH_FORMAT`. Bringing the index up to date is comparing those with the pages: a page missing or out
 * of date is rendered and written again, a search page whose page is gone (or a draft) is removed. It is done
 * - for the pages a content change names, when the change arrives (in the instance that made it, and in every
 *   other one, which then mostly finds the work done);
 * - for every page, once when the instance starts (the index of content present before it, made by the first
 *   instance to start: later starts only compare), when a change may have touched anything, and after an update
 *   failed; by one instance at a time (a lease), the others waiting for it.
 * Every write checks, in its transaction, that the page row is still the one rendered, so instances doing the
 * same work at once, or a change arriving meanwhile, never leave an older version behind. Work runs one task at a
 * time per instance, a batch of pages at a time: the memory it holds is one batch, never the site.
 */
import { sql } from "drizzle-orm";
import { releaseLease, takeLease } from "~/cluster/leases.server";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/client.server";
import { writeTransaction } from "~/db/transaction.server";
import type { Locale } from "~/i18n/locales";
import type { ContentChange } from "~/cluster/change-feed.server";
import { onContentChange } from "./changes.server";
import type { PageSummary } from "./catalog.server";
import { renderBody, type RenderedPage } from "./render.server";
import {
  removePages,
  SEARCH_FORMAT,
  SearchIndex,
  writePages,
  type SearchAnswer,
  type SearchDocument,
  type SearchResult,
} from "./search/search-index.server";
import { RecentAnswers } from "./search/recent-answers";

let ready: Promise<void> | undefined;
let queue: Promise<void> = Promise.resolve();

/**
 * Answers to recent searches (a few hundred, a minute at most): forgotten when a content change arrives and
 * again when an update of the index ends, so a search never answers from an index older than the changes this
 * instance has heard of.
 */
const recentAnswers = new RecentAnswers<SearchAnswer>(500, 60_000);

function enqueue(task: () => Promise<void>): Promise<void> {
  const run = queue.then(task, task).finally(() => recentAnswers.forget());
  queue = run.catch((error: unknown) => console.error("Search index update failed:", error));
  return run;
}

function toDocument(page: RenderedPage): SearchDocument {
  const { summary } = page;
  return {
    locale: summary.locale,
    path: summary.path,
    title: summary.title,
    description: summary.description,
    category: summary.category ?? undefined,
    sections: page.sections,
  };
}

/** Pages read and rendered at a time. */
const BATCH = 200;

/** A published page row as the index needs it: its summary, body and version. */
interface PageRow {
  id: number;
  locale: Locale;
  path: string;
  title: string;
  description: string;
  date: string | null;
  category: string | null;
  tags: string;
  thumbnail: string | null;
  author: string | null;
  translation_of: string | null;
  seo_title: string | null;
  seo_description: string | null;
  toc: number;
  comments: number;
  intro: number;
  body: string;
  updated_at: number;
}

const pageColumns = sql.raw(
  "p.id, p.locale, p.path, p.title, p.description, p.date, p.category, p.tags, p.thumbnail, p.author, " +
    "p.translation_of, p.seo_title, p.seo_description, p.toc, p.comments, p.intro, p.body, p.updated_at",
);

/**
 * A published page's row whose search page is missing or was made from another version. `+p.withheld` keeps
 * SQLite off the withheld index, which it would otherwise pick: nearly every row has withheld = 0, so that index
 * narrows nothing and costs a sort, while the callers read pages by id or by address.
 */
const outOfDate = sql`p.draft = 0 and +p.withheld = 0 and not exists (
  select 1 from search_pages s where s.locale = p.locale and s.path = p.path
    and s.page_id = p.id and s.page_updated_at = p.updated_at and s.format = ${SEARCH_FORMAT})`;

function summaryOf(row: PageRow): PageSummary {
  return {
    locale: row.locale,
    path: row.path,
    title: row.title,
    description: row.description,
    date: row.date,
    category: row.category,
    tags: JSON.parse(row.tags) as string[],
    thumbnail: row.thumbnail,
    author: row.author,
    translationOf: row.translation_of,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    toc: row.toc === 1,
    comments: row.comments === 1,
    intro: row.intro === 1,
    updatedAt: row.updated_at,
  };
}

/**
 * Renders `rows` and writes them, each only if its page row is still that version and the index does not hold it
 * already (another instance may have written it meanwhile).
 */
async function indexRows(db: Database, rows: readonly PageRow[]): Promise<void> {
  if (rows.length === 0) return;
  const rendered: { row: PageRow; doc: SearchDocument }[] = [];
  for (const row of rows) rendered.push({ row, doc: toDocument(await renderBody(summaryOf(row), row.body)) });
  await writeTransaction(db, async (tx) => {
    const keys = JSON.stringify(rows.map((row) => [row.locale, row.path]));
    // CROSS JOIN makes the addresses the outer loop, each page found by its index: left to choose, SQLite scans
    // the pages and the addresses for each (11 s a batch at 100,000 pages).
    const current = await tx.all<{ id: number; updated_at: number }>(sql`
      select p.id, p.updated_at from json_each(${keys}) k cross join pages p
        on p.locale = json_extract(k.value, '$[0]') and p.path = json_extract(k.value, '$[1]')
      where ${outOfDate}`);
    const stillCurrent = new Set(current.map((page) => `${page.id}:${page.updated_at}`));
    await writePages(
      tx,
      rendered
        .filter(({ row }) => stillCurrent.has(`${row.id}:${row.updated_at}`))
        .map(({ row, doc }) => ({ doc, source: { pageId: row.id, updatedAt: new Date(row.updated_at) } })),
    );
  });
}

/** Removes the search pages of `candidates` (all when undefined) whose page is gone or a draft. */
async function removeGone(db: Database, candidates?: readonly ContentChange[]): Promise<void> {
  const gone = sql`not exists (select 1 from pages p where p.locale = s.locale and p.path = s.path and p.draft = 0 and p.withheld = 0)`;
  for (let i = 0; ; i += BATCH) {
    let rows: { locale: Locale; path: string }[];
    if (candidates) {
      const batch = candidates.slice(i, i + BATCH);
      if (batch.length === 0) return;
      const named = sql.join(
        batch.map((c) => sql`(s.locale = ${c.locale} and s.path = ${c.path})`),
        sql` or `,
      );
      rows = await db.all(sql`select s.locale, s.path from search_pages s where (${named}) and ${gone}`);
    } else {
      rows = await db.all(sql`select s.locale, s.path from search_pages s where ${gone} limit ${BATCH}`);
      if (rows.length === 0) return;
    }
    if (rows.length > 0) {
      await writeTransaction(db, async (tx) => {
        const keys = JSON.stringify(rows.map((row) => [row.locale, row.path]));
        const gone = await tx.all<{ locale: Locale; path: string }>(sql`
          select json_extract(k.value, '$[0]') as locale, json_extract(k.value, '$[1]') as path
          from json_each(${keys}) k
          where not exists (select 1 from pages p where p.locale = json_extract(k.value, '$[0]')
            and p.path = json_extract(k.value, '$[1]') and p.draft = 0 and p.withheld = 0)`);
        await removePages(tx, gone);
      });
    }
  }
}

/** The lease of the instance comparing every page (renewed every batch; a crashed holder's expires). */
const SYNC_LEASE = "search-index";
const SYNC_LEASE_MS = 60_000;
/** How often an instance waiting for another's comparison looks again. */
const SYNC_WAIT_MS = 1000;

/**
 * Brings the whole index up to date (see the module's comment). One instance does it at a time: the others wait
 * for its lease, then compare (and mostly find nothing left to do), so instances started together render each
 * page once between them.
 */
async function syncAll(): Promise<void> {
  const db = await getDb();
  while (!(await takeLease(db, SYNC_LEASE, SYNC_LEASE_MS))) {
    await new Promise((resolve) => setTimeout(resolve, SYNC_WAIT_MS));
  }
  try {
    await removeGone(db);
    for (let after = 0; ; ) {
      const rows = await db.all<PageRow>(sql`
        select ${pageColumns} from pages p where p.id > ${after} and ${outOfDate} order by p.id limit ${BATCH}`);
      if (rows.length === 0) return;
      after = rows.at(-1)!.id;
      await indexRows(db, rows);
      await takeLease(db, SYNC_LEASE, SYNC_LEASE_MS);
    }
  } finally {
    await releaseLease(db, SYNC_LEASE).catch(() => undefined);
  }
}

/** Brings the pages `changes` names up to date. */
async function syncChanges(changes: readonly ContentChange[]): Promise<void> {
  const db = await getDb();
  await removeGone(db, changes);
  for (let i = 0; i < changes.length; i += BATCH) {
    const named = sql.join(
      changes.slice(i, i + BATCH).map((c) => sql`(p.locale = ${c.locale} and p.path = ${c.path})`),
      sql` or `,
    );
    const rows = await db.all<PageRow>(sql`select ${pageColumns} from pages p where (${named}) and ${outOfDate}`);
    await indexRows(db, rows);
  }
}

/** Brings the index up to date once in this instance's life (again after a failed update). */
export function ensureSearchIndex(): Promise<void> {
  ready ??= enqueue(syncAll).catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

/**
 * An update that failed (its page's rendering refused as busy) would leave the index stale: the next search
 * compares every page again.
 */
async function follow(changes: readonly ContentChange[] | undefined): Promise<void> {
  try {
    await (changes ? syncChanges(changes) : syncAll());
  } catch (error) {
    ready = undefined;
    throw error;
  }
}

onContentChange((changes) => {
  recentAnswers.forget();
  // Before the first comparison there is nothing to follow: it reads the content as it is then.
  if (!ready) return;
  void enqueue(() => follow(changes));
});

/** Pages of one locale matching the query, best first, with their best section and a highlighted excerpt. */
export async function searchContent(query: string, locale: Locale, limit = 8): Promise<SearchResult[]> {
  await ensureSearchIndex();
  return new SearchIndex(await getDb()).search(query, locale, limit);
}

/**
 * Like `searchContent`, but a query typed in the other keyboard layout is searched as meant (`showing` says so);
 * `exactly` searches what was typed and nothing else.
 */
export async function searchContentAsMeant(
  query: string,
  locale: Locale,
  limit = 8,
  exactly = false,
): Promise<SearchAnswer> {
  await ensureSearchIndex();
  const key = JSON.stringify([query, locale, limit, exactly]);
  return recentAnswers.answer(key, async () =>
    new SearchIndex(await getDb()).searchAsMeant(query, locale, limit, exactly),
  );
}
