import { sitemapXml } from "~/content/seo.server";
import { siteOrigin } from "~/lib/site-origin.server";
import type { Route } from "./+types/sitemap";

/**
 * /sitemap.xml: every public page in both languages (served by the server, not a screen); on a site of more
 * addresses than one file may hold, a sitemap index of its parts, `/sitemap.xml?part=<n>`.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const partParam = url.searchParams.get("part");
  const part = partParam === null ? undefined : /^[1-9]\d{0,5}$/.test(partParam) ? Number(partParam) : 0;
  const xml = await sitemapXml(siteOrigin(request), part);
  if (xml === undefined) return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
