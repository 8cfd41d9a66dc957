/**
 * Site search over the published pages. The index is built once (on the first search, or earlier when the
 * server warms up), kept in memory, and updated page by page when content changes. Index work runs one task
 * at a time, so updates never interleave with a rebuild.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { pages } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import type { ContentChange } from "~/cluster/change-feed.server";
import { onContentChange } from "./changes.server";
import { allPages, pageKey } from "./catalog.server";
import { getRenderedPage, renderBody, type RenderedPage } from "./render.server";
import { SearchIndex, type SearchDocument, type SearchResult } from "./search/search-index.server";

let index: SearchIndex | undefined;
let ready: Promise<void> | undefined;
let queue: Promise<void> = Promise.resolve();

function enqueue(task: () => Promise<void>): Promise<void> {
  const run = queue.then(task, task);
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

/** Pages whose bodies are read and rendered at a time while the index is built. */
const BODY_BATCH = 200;

/**
 * The index of every published page, rendered (the render cache is left alone). Bodies are read a batch at a
 * time, in the order of their rows, and each page is indexed as it is rendered: what is held at once is the
 * index and one batch, never every body and every document of the site. Changes announced meanwhile are applied
 * after the build (one task at a time), so none is lost.
 */
async function buildIndex(): Promise<SearchIndex> {
  const summaries = new Map((await allPages()).map((page) => [pageKey(page.locale, page.path), page]));
  const db = await getDb();
  const next = new SearchIndex();
  for (let after = 0; ; ) {
    const rows = await db
      .select({ id: pages.id, locale: pages.locale, path: pages.path, body: pages.body })
      .from(pages)
      .where(and(eq(pages.draft, false), gt(pages.id, after)))
      .orderBy(asc(pages.id))
      .limit(BODY_BATCH)
      .all()
      .catch(() => []);
    if (rows.length === 0) return next;
    after = rows.at(-1)!.id;
    for (const row of rows) {
      const summary = summaries.get(pageKey(row.locale, row.path));
      if (summary) next.upsert(toDocument(await renderBody(summary, row.body)));
    }
  }
}

async function rebuild(): Promise<void> {
  index = await buildIndex();
}

async function update(changes: readonly ContentChange[]): Promise<void> {
  if (!index) return;
  for (const { locale, path } of changes) {
    const page = await getRenderedPage(locale, path);
    if (page) index.upsert(toDocument(page));
    else index.remove(locale, path);
  }
}

/** Builds the index unless it exists (or is being built). */
export function ensureSearchIndex(): Promise<void> {
  ready ??= enqueue(rebuild).catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

/**
 * A change the index could not take (its page's rendering refused as busy) would leave it stale for good: the
 * index is dropped instead, and the next search builds it from the content as it is then.
 */
async function follow(changes: readonly ContentChange[] | undefined): Promise<void> {
  try {
    await (changes ? update(changes) : rebuild());
  } catch (error) {
    index = undefined;
    ready = undefined;
    throw error;
  }
}

onContentChange((changes) => {
  // Before the first build there is nothing to update: that build reads the content as it is then.
  if (!ready) return;
  void enqueue(() => follow(changes));
});

/** Pages of one locale matching the query, best first, with their best section and a highlighted excerpt. */
export async function searchContent(query: string, locale: Locale, limit = 8): Promise<SearchResult[]> {
  if (!index) await ensureSearchIndex();
  return index?.search(query, locale, limit) ?? [];
}
