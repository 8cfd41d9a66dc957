/**
 * The categories of posts: kept in the app configuration (in their order, each with its name in both
 * languages), so every instance's menus, category pages and feeds follow a change through the configuration's
 * announcement. Each change runs in the configuration's write transaction and is recorded in its history.
 */
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { Actor } from "~/auth/roles.server";
import type { Database } from "~/db/client.server";
import { pages } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import { ServiceError } from "~/lib/service-error";
import type { AppConfig, Category } from "~/settings/app-config";
import { changeAppConfig, readAppConfigState } from "~/settings/app-config.server";

export interface CategoryInfo extends Category {
  /** How many items (drafts included) each language has in the category. */
  items: Record<Locale, number>;
}

/** Items per category slug and language, drafts included. */
async function itemCounts(db: Database): Promise<Map<string, Record<Locale, number>>> {
  const rows = await db
    .select({ category: pages.category, locale: pages.locale, n: count() })
    .from(pages)
    .where(isNotNull(pages.category))
    .groupBy(pages.category, pages.locale)
    .all();
  const counts = new Map<string, Record<Locale, number>>();
  for (const row of rows) {
    const entry = counts.get(row.category!) ?? { fa: 0, en: 0 };
    entry[row.locale] = row.n;
    counts.set(row.category!, entry);
  }
  return counts;
}

/** The categories in their order, with their item counts, and the configuration version they were read at. */
export async function listCategories(db: Database): Promise<{ categories: CategoryInfo[]; version: number }> {
  const [{ config, version }, counts] = await Promise.all([readAppConfigState(db), itemCounts(db)]);
  return {
    categories: config.categories.map((category) => ({
      ...category,
      items: counts.get(category.slug) ?? { fa: 0, en: 0 },
    })),
    version,
  };
}

/** Whether `slug` is one of the site's categories, read in `db` (a transaction sees its own changes). */
export async function isCategory(db: Database, slug: string): Promise<boolean> {
  const { config } = await readAppConfigState(db);
  return config.categories.some((category) => category.slug === slug);
}

function find(config: AppConfig, slug: string): Category {
  const found = config.categories.find((category) => category.slug === slug);
  if (!found) throw new ServiceError(404, "items.category.notFound");
  return found;
}

/** Two categories never share a name in the same language (case aside): menus would not tell them apart. */
function refuseTakenNames(config: AppConfig, names: { nameFa: string; nameEn: string }, except?: string): void {
  const taken = (locale: Locale, name: string) =>
    config.categories.some(
      (other) => other.slug !== except && other.name[locale].toLocaleLowerCase() === name.toLocaleLowerCase(),
    );
  const issues = [
    ...(taken("fa", names.nameFa) ? [{ path: "nameFa", message: "items.category.nameTaken" as const }] : []),
    ...(taken("en", names.nameEn) ? [{ path: "nameEn", message: "items.category.nameTaken" as const }] : []),
  ];
  if (issues.length) throw new ServiceError(409, "items.category.nameTaken", { issues });
}

/**
 * Adds a category at the end. Refused when the slug exists, or when a post already lives at its address (its
 * listing would hide the post); a plain page there becomes the category's introduction, as the bundled
 * categories' index pages are.
 */
export async function addCategory(
  db: Database,
  actor: Actor,
  input: { slug: string; nameFa: string; nameEn: string },
): Promise<Category> {
  const category: Category = { slug: input.slug, name: { fa: input.nameFa, en: input.nameEn } };
  await changeAppConfig(
    db,
    async (config, { tx }) => {
      if (config.categories.some((other) => other.slug === input.slug)) {
        throw new ServiceError(409, "items.category.slugTaken", {
          issues: [{ path: "slug", message: "items.category.slugTaken" }],
        });
      }
      refuseTakenNames(config, input);
      const post = await tx
        .select({ id: pages.id })
        .from(pages)
        .where(and(eq(pages.path, `/${input.slug}`), isNotNull(pages.date)))
        .get();
      if (post) {
        throw new ServiceError(409, "items.category.pathTaken", {
          issues: [{ path: "slug", message: "items.category.pathTaken" }],
        });
      }
      return { categories: [...config.categories, category] };
    },
    { userId: actor.id },
  );
  return category;
}

/** New names for a category; its slug (its address, and what its items store) stays. */
export async function renameCategory(
  db: Database,
  actor: Actor,
  input: { slug: string; nameFa: string; nameEn: string },
): Promise<Category> {
  const renamed: Category = { slug: input.slug, name: { fa: input.nameFa, en: input.nameEn } };
  await changeAppConfig(
    db,
    (config) => {
      find(config, input.slug);
      refuseTakenNames(config, input, input.slug);
      return { categories: config.categories.map((c) => (c.slug === input.slug ? renamed : c)) };
    },
    { userId: actor.id },
  );
  return renamed;
}

/**
 * Puts the categories in the given order. The list must name every category exactly once: one read before
 * someone else added or removed one is refused rather than guessed at.
 */
export async function reorderCategories(db: Database, actor: Actor, slugs: string[]): Promise<void> {
  await changeAppConfig(
    db,
    (config) => {
      const current = config.categories.map((c) => c.slug);
      const sameSet = slugs.length === current.length && new Set(slugs).size === slugs.length;
      if (!sameSet || !current.every((slug) => slugs.includes(slug))) {
        throw new ServiceError(409, "items.category.changedMeanwhile");
      }
      return { categories: slugs.map((slug) => find(config, slug)) };
    },
    { userId: actor.id },
  );
}

/**
 * Removes a category, refused while any item (a draft too, in either language) is in it: the count is taken in
 * the same write transaction as the removal, so an item saved meanwhile is counted.
 */
export async function removeCategory(db: Database, actor: Actor, slug: string): Promise<void> {
  await changeAppConfig(
    db,
    async (config, { tx }) => {
      find(config, slug);
      const used = await tx.select({ n: count() }).from(pages).where(eq(pages.category, slug)).get();
      if (used && used.n > 0) throw new ServiceError(409, "items.category.inUse", { vars: { count: used.n } });
      return { categories: config.categories.filter((c) => c.slug !== slug) };
    },
    { userId: actor.id },
  );
}

/** Category slugs items use that are not in the list (content imported from elsewhere). */
export async function unknownCategorySlugs(db: Database, config: AppConfig): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: pages.category })
    .from(pages)
    .where(isNotNull(pages.category))
    .orderBy(sql`${pages.category}`)
    .all();
  const known = new Set(config.categories.map((c) => c.slug));
  return rows.map((row) => row.category!).filter((slug) => !known.has(slug));
}
