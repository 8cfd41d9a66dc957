import { atomFeed } from "~/content/seo.server";
import { busyAnswer } from "~/lib/http.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { parseLocalizedPath } from "~/i18n/locales";
import type { Route } from "./+types/feed";

/** /feed.xml (Persian) and /en/feed.xml: the newest posts of one language as Atom. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { locale } = parseLocalizedPath(url.pathname);
  let feed: string;
  try {
    feed = await atomFeed(siteOrigin(request), locale);
  } catch (error) {
    // Its posts wait for the rendering threads, which are too busy: come back, never an error.
    const busy = busyAnswer(error);
    if (busy) return busy;
    throw error;
  }
  return new Response(feed, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
