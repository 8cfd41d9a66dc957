import { sitemapXml } from "~/content/seo.server";
import { siteOrigin } from "~/lib/site-origin.server";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml: every public page in both languages (served by the server, not a screen). */
export async function loader({ request }: Route.LoaderArgs) {
  return new Response(await sitemapXml(siteOrigin(request)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
