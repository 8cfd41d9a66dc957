import { sitemapXml } from "~/content/seo.server";
import { siteOrigin } from "~/lib/site-origin.server";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml: every public page in both languages (SPEC §2: served by the server). */
export async function loader({ request }: Route.LoaderArgs) {
  return new Response(await sitemapXml(siteOrigin(request)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
