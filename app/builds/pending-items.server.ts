/**
 * The items list with the open build's changes: every item the build changes, moves or deletes carries a mark,
 * and the pages it creates (not on the site yet, so not in the list's table) come first on the list's first page,
 * filtered like the rest.
 */
import { inArray } from "drizzle-orm";
import { parseContentFile, publishTime } from "~/content/front-matter";
import { listItems, type ItemPage, type ItemRow } from "~/content/items.server";
import type { ItemListQuery } from "~/content/schema";
import type { Database } from "~/db/client.server";
import { pages, users } from "~/db/schema";
import { foldKeyboard } from "~/i18n/fold";
import { otherLocale, type Locale } from "~/i18n/locales";
import type { AppConfig } from "~/settings/app-config";
import { personName } from "./builds.server";
import { pageKeyOf, pageOfFile } from "./files";
import { commitsOf, openBuildOf, publishedByFile, type CommitRow } from "./versions.server";

export interface PendingMark {
  action: "create" | "update" | "move" | "delete";
  /** A move's new address. */
  to: string | null;
}

/**
 * An item with what the open build does to it. A page the build creates has no id yet. `translationPending`: the
 * other language's page at its address is not on the site yet but waits in the open build.
 */
export type ItemWithChange = Omit<ItemRow, "id"> & {
  id: number | null;
  pending: PendingMark | null;
  translationPending: boolean;
};

export interface ItemPageWithChanges extends Omit<ItemPage, "items"> {
  items: ItemWithChange[];
  /** Pages the open build creates that match the filters (first page only). */
  created: ItemWithChange[];
}

/** One page of items, each marked with the open build's change to it, and the pages the build creates. */
export async function listItemsWithChanges(
  db: Database,
  config: AppConfig,
  query: ItemListQuery,
  locale: Locale,
): Promise<ItemPageWithChanges> {
  const [page, open] = await Promise.all([listItems(db, config, query, locale), openBuildOf(db)]);
  const pending = open ? await commitsOf(db, open.id) : [];
  const marks = new Map<string, PendingMark>();
  const creating: CommitRow[] = [];
  for (const commit of pending) {
    const target = pageOfFile(commit.path);
    const origin = await publishedByFile(db, commit.fromPath ?? commit.path);
    if (!origin) {
      if (commit.content !== null && target) creating.push(commit);
      continue;
    }
    const key = pageKeyOf(origin);
    if (commit.fromPath) marks.set(key, { action: "move", to: target?.path ?? null });
    else marks.set(key, { action: commit.content === null ? "delete" : "update", to: null });
  }
  const created = new Set(creating.map((commit) => pageKeyOf(pageOfFile(commit.path)!)));
  const waitingTwin = (item: { locale: Locale; path: string; translated: boolean }) =>
    !item.translated && created.has(pageKeyOf({ locale: otherLocale(item.locale), path: item.path }));
  return {
    ...page,
    items: page.items.map((item) => ({
      ...item,
      pending: marks.get(pageKeyOf(item)) ?? null,
      translationPending: waitingTwin(item),
    })),
    created: query.page === 1 && creating.length > 0 ? await createdItems(db, config, query, locale, creating) : [],
  };
}

/** The pages the open build creates, as list rows, with the list's filters applied, newest change first. */
async function createdItems(
  db: Database,
  config: AppConfig,
  query: ItemListQuery,
  locale: Locale,
  creating: CommitRow[],
): Promise<ItemWithChange[]> {
  const authorIds = [...new Set(creating.map((c) => c.authorId).filter((id): id is number => id !== null))];
  const [people, twins] = await Promise.all([
    authorIds.length ? db.select().from(users).where(inArray(users.id, authorIds)).all() : [],
    db
      .select({ locale: pages.locale, path: pages.path })
      .from(pages)
      .where(inArray(pages.path, [...new Set(creating.map((c) => pageOfFile(c.path)!.path))]))
      .all(),
  ]);
  const nameOf = new Map(people.map((p) => [p.id, personName(p)]));
  const names = new Map(config.categories.map((c) => [c.slug, c.name[locale]]));
  const existing = new Set([...twins.map(pageKeyOf), ...creating.map((c) => pageKeyOf(pageOfFile(c.path)!))]);
  const q = foldKeyboard(query.q);
  return creating
    .map((commit): ItemWithChange => {
      const address = pageOfFile(commit.path)!;
      let front: { title?: string; category?: string; draft?: boolean; date?: string; publishAt?: string } = {};
      try {
        front = parseContentFile(commit.content!).frontMatter;
      } catch {
        // A file that no longer parses is still listed, by its address.
      }
      const category = front.category ?? null;
      const due = publishTime(front.publishAt);
      const scheduledAt = due !== null && due > Date.now() ? due : null;
      return {
        id: null,
        locale: address.locale,
        path: address.path,
        title: front.title || address.path,
        category: category ? { slug: category, name: names.get(category) ?? null } : null,
        status: front.draft ? "draft" : scheduledAt !== null ? "scheduled" : "published",
        publishAt: scheduledAt === null ? null : new Date(scheduledAt).toISOString(),
        date: front.date ?? null,
        updatedAt: commit.updatedAt.toISOString(),
        author: commit.authorId ? (nameOf.get(commit.authorId) ?? null) : null,
        translated: existing.has(pageKeyOf({ locale: otherLocale(address.locale), path: address.path })),
        url: null,
        pending: { action: "create", to: null },
        translationPending: false,
      };
    })
    .filter(
      (item) =>
        (!query.locale || item.locale === query.locale) &&
        (!q || [item.title, item.path, item.author ?? ""].some((text) => foldKeyboard(text).includes(q))) &&
        (!query.category ||
          (query.category === "none" ? item.category === null : item.category?.slug === query.category)) &&
        (!query.status || item.status === query.status) &&
        (!query.translation || item.translated === (query.translation === "present")),
    )
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}
