import { categoryFeed, tagFeed } from "~/content/seo.server";
import { feedPath } from "~/content/head.server";
import { tagOfPath } from "~/content/tags.server";
import { busyAnswer } from "~/lib/http.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { parseLocalizedPath } from "~/i18n/locales";
import type { Route } from "./+types/listing-feed";

const FEED_SEGMENT = "/feed.xml";

/**
 * A category's feed (/<category>/feed.xml, /en/<category>/feed.xml) and a tag's (/tags/<tag>/feed.xml and the
 * /en form): the newest posts of that listing as Atom, made like the site's feed. A category or tag the site does
 * not have is 404; nothing is kept per address, so made-up addresses cost a catalog lookup and fill nothing.
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { locale, path } = parseLocalizedPath(url.pathname);
  // Route matching ignores case: the listing's part is cut by length, as the tag page cuts its prefix.
  const listingPath = path.slice(0, -FEED_SEGMENT.length);
  const origin = siteOrigin(request);
  let xml: string | undefined;
  try {
    if (params.category !== undefined) {
      xml = await categoryFeed(origin, locale, params.category);
    } else {
      const written = tagOfPath(listingPath);
      const found = written === undefined ? undefined : await tagFeed(origin, locale, written);
      // Another spelling of the tag's address goes to its one address, as the tag's page does.
      if (found && found.path !== listingPath)
        return new Response(null, { status: 301, headers: { Location: feedPath(locale, found.path) } });
      xml = found?.xml;
    }
  } catch (error) {
    // Its posts wait for the rendering threads, which are too busy: come back, never an error.
    const busy = busyAnswer(error);
    if (busy) return busy;
    throw error;
  }
  if (xml === undefined)
    return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(xml, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
