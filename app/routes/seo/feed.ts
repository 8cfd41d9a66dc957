import { atomFeed } from "~/content/seo.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { parseLocalizedPath } from "~/i18n/locales";
import type { Route } from "./+types/feed";

/** /feed.xml (Persian) and /en/feed.xml: the newest posts of one language as Atom. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { locale } = parseLocalizedPath(url.pathname);
  return new Response(await atomFeed(siteOrigin(request), locale), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
