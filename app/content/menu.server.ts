/**
 * The header menu the owner chooses: saving it (each internal target must exist, so no item leads nowhere) and
 * turning it into links for a language. The menu lives in the app configuration, so every instance follows a
 * save through the configuration's announcement, and the change history records it.
 */
import type { Actor } from "~/auth/roles.server";
import type { Database } from "~/db/client.server";
import { localizePath, otherLocale, type Locale } from "~/i18n/locales";
import type { MessageKey } from "~/i18n/translate";
import { ServiceError } from "~/lib/service-error";
import type { MenuLink } from "~/shell/nav-items";
import type { AppConfig, MenuChoices, MenuItem } from "~/settings/app-config";
import { changeAppConfig } from "~/settings/app-config.server";
import type { SaveMenuInput } from "~/settings/schema";
import { refuseChangedSince } from "~/settings/settings.server";
import { getCatalog, pageKey, type Catalog } from "./catalog.server";
import { tagKey, tagPath } from "./tags.server";

/** The public page an item's path names in `locale`: its own, or the translation of the other language's. */
function pageIn(catalog: Catalog, path: string, locale: Locale) {
  const own = catalog.pages.get(pageKey(locale, path));
  if (own) return own;
  const other = catalog.pages.get(pageKey(otherLocale(locale), path));
  return other?.translationOf ? catalog.pages.get(pageKey(locale, other.translationOf)) : undefined;
}

/** Where an item leads in `locale`, and the target's own name there (undefined when it has none). */
function resolve(
  item: MenuItem,
  locale: Locale,
  config: AppConfig,
  catalog: Catalog | null,
): { url: string; name?: string } | undefined {
  switch (item.kind) {
    case "page": {
      const page = catalog ? pageIn(catalog, item.target, locale) : undefined;
      if (page || !catalog) return { url: localizePath(page?.path ?? item.target, locale), name: page?.title };
      // A page only the other language has: its link goes there, rather than to an address that is not found.
      const other = catalog.pages.get(pageKey(otherLocale(locale), item.target));
      return { url: localizePath(item.target, other?.locale ?? locale), name: other?.title };
    }
    case "category": {
      const category = config.categories.find((c) => c.slug === item.target);
      // A category removed since the menu was saved leads nowhere: its item goes.
      return category ? { url: localizePath(`/${category.slug}`, locale), name: category.name[locale] } : undefined;
    }
    case "tag": {
      const path = tagPath(item.target);
      if (!path) return undefined;
      const tag = catalog?.tags[locale].get(tagKey(item.target));
      return { url: localizePath(tag?.path ?? path, locale), name: tag?.name ?? item.target };
    }
    case "link": {
      let host: string | undefined;
      try {
        host = new URL(item.target).host;
      } catch {
        return undefined;
      }
      return { url: item.target, name: host };
    }
  }
}

/**
 * The menu's links in `locale`. A label left empty there is the target's own name in that language (then the
 * other language's label); an outside link's is the other language's label, then its host. An item whose target
 * is gone (a removed category) is left out.
 */
export async function menuLinks(config: AppConfig, locale: Locale): Promise<MenuLink[]> {
  // Without the catalog (the database unreachable, not installed yet) the items keep their labels.
  const catalog = config.installed ? await getCatalog().catch(() => null) : null;
  return config.menu.flatMap((item) => {
    const found = resolve(item, locale, config, catalog);
    if (!found) return [];
    const other = item.label[otherLocale(locale)];
    // An outside link's host says less than the owner's label in the other language; a page's title says more.
    const label =
      item.label[locale] || (item.kind === "link" ? other || found.name : found.name || other) || item.target;
    return [{ url: found.url, label, external: item.kind === "link" }];
  });
}

/** What an internal target that does not exist is refused with. */
const missing: Record<Exclude<MenuItem["kind"], "link">, MessageKey> = {
  page: "settings.menu.pageMissing",
  category: "settings.menu.categoryMissing",
  tag: "settings.menu.tagMissing",
};

/** Whether an item's internal target exists now: a public page in either language, a category, a tag. */
function exists(item: MenuItem, config: AppConfig, catalog: Catalog): boolean {
  switch (item.kind) {
    case "page":
      return pageIn(catalog, item.target, "fa") !== undefined || pageIn(catalog, item.target, "en") !== undefined;
    case "category":
      return config.categories.some((category) => category.slug === item.target);
    case "tag":
      return catalog.tags.fa.has(tagKey(item.target)) || catalog.tags.en.has(tagKey(item.target));
    case "link":
      return true;
  }
}

/**
 * Saves the whole menu, read at settings version `input.version`. Refused when someone else changed the menu
 * since (409), or when an internal target does not exist (422, naming the first and marking each).
 */
export async function saveMenu(
  db: Database,
  actor: Actor,
  input: SaveMenuInput,
): Promise<{ menu: MenuItem[]; version: number; changed: boolean }> {
  const catalog = await getCatalog();
  const result = await changeAppConfig(
    db,
    async (config, { version, tx }) => {
      const changed = JSON.stringify(config.menu) !== JSON.stringify(input.menu);
      await refuseChangedSince(tx, { base: input.version, version }, changed ? ["menu"] : []);
      const absent = input.menu.flatMap((item, index) =>
        item.kind !== "link" && !exists(item, config, catalog) ? [{ index, item, kind: item.kind }] : [],
      );
      const first = absent[0];
      if (first) {
        throw new ServiceError(422, "settings.menu.notSaved", {
          vars: { target: first.item.target },
          issues: absent.map(({ index, kind }) => ({ path: `menu.${index}.target`, message: missing[kind] })),
        });
      }
      return { menu: input.menu };
    },
    { userId: actor.id },
  );
  return { menu: result.config.menu, version: result.version, changed: result.changes.length > 0 };
}

/** The targets an item may take, named in `locale` (a page only the other language has, by its title there). */
export async function menuChoices(config: AppConfig, locale: Locale): Promise<MenuChoices> {
  const catalog = await getCatalog();
  const pages = new Map<string, string>();
  for (const page of catalog.pages.values()) {
    if (page.date) continue;
    if (page.locale === locale || !pages.has(page.path)) pages.set(page.path, page.title);
  }
  const tags = new Map<string, string>();
  for (const index of [catalog.tags[locale], catalog.tags[otherLocale(locale)]]) {
    for (const [key, tag] of index) if (!tags.has(key)) tags.set(key, tag.name);
  }
  const collator = new Intl.Collator(locale);
  return {
    pages: [...pages].map(([path, title]) => ({ path, title })).sort((a, b) => a.path.localeCompare(b.path)),
    categories: config.categories.map((category) => ({ slug: category.slug, name: category.name[locale] })),
    tags: [...tags.values()].sort(collator.compare),
  };
}
