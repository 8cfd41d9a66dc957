/**
 * The old site's addresses and where each goes on this site: an item's to its new page, a category's to its
 * category page, a tag's to its tag page, a feed to the site's feed, an author's and the home page to the home
 * page. Computed from the plan; storing and answering them is the redirects' own part.
 */
import { tagPath } from "~/content/tags.server";
import { localizePath, type Locale } from "~/i18n/locales";
import type { ImportPlan } from "./plan.server";
import type { AddressTarget, ExportedSite } from "./model";

export interface ImportRedirect {
  /** A path of the old site, with its query when that is the address ("/?p=12"). */
  from: string;
  /** A path of this site ("/en/books/x"). */
  to: string;
}

export function redirectsOf(site: ExportedSite, plan: ImportPlan): ImportRedirect[] {
  const items = new Map(plan.items.map((item) => [item.key, item]));
  const category = new Map(plan.categories.flatMap((c) => c.keys.map((key) => [key, c.slug] as const)));
  const categoryLocale = new Map(site.categories.map((c) => [c.key, c.locale ?? ("fa" as Locale)]));
  const tags = new Map(site.tags.map((tag) => [tag.key, tag.name]));
  const target = (to: AddressTarget): string | null => {
    switch (to.kind) {
      case "home":
      case "author":
        return "/";
      case "feed":
        return localizePath("/feed.xml", to.locale ?? "fa");
      case "category": {
        const slug = category.get(to.key);
        return slug ? localizePath(`/${slug}`, categoryLocale.get(to.key) ?? "fa") : null;
      }
      case "tag": {
        const name = tags.get(to.key);
        const path = name ? tagPath(name) : undefined;
        return path ?? null;
      }
      case "item":
        return items.get(to.key)?.routePath ?? null;
    }
  };
  const out = new Map<string, string>();
  for (const item of site.items) {
    const planned = items.get(item.key);
    if (!planned) continue;
    for (const from of item.oldAddresses) out.set(from, planned.routePath);
  }
  for (const address of site.addresses) {
    const to = target(address.target);
    if (to) out.set(address.path, to);
  }
  return [...out].filter(([from, to]) => from !== to).map(([from, to]) => ({ from, to }));
}
