import { findPage, findTag } from "~/content/catalog.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { getAppConfig } from "~/settings/app-config.server";

/**
 * Whether a canonical address is a page the site serves: home, the logs, the tag index, a tag, a category or a
 * published page. A view reported by a page itself is only counted for one of these, so nobody can fill the
 * rankings with addresses that do not exist (the server's own count only sees pages that answered 200).
 */
export async function isPublishedPage(routePath: string): Promise<boolean> {
  const { locale, path } = parseLocalizedPath(routePath);
  if (path === "/" || path === "/logs" || path === "/tags") return true;
  const tag = /^\/tags\/([^/]+)$/.exec(path);
  if (tag) return (await findTag(locale, tag[1]!)) !== undefined;
  if ((await getAppConfig()).categories.some((category) => category.slug === path.slice(1))) return true;
  return (await findPage(locale, path)) !== undefined;
}
