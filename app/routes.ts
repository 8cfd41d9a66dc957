import { index, prefix, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

type Prefix = "" | "fa" | "en";

/**
 * The pages a visitor sees. Every one exists unprefixed (Persian, the default), under /fa and under /en (SPEC §2);
 * the three copies share their modules and differ only in route id.
 */
function sitePages(locale: Prefix): RouteConfigEntry[] {
  const id = (name: string) => (locale ? `${locale}/${name}` : name);
  return [
    index("routes/site/home.tsx", { id: id("home") }),
    route("403", "routes/site/forbidden.tsx", { id: id("forbidden") }),
    route("logs", "routes/site/logs.tsx", { id: id("logs") }),
    route("feed.xml", "routes/seo/feed.ts", { id: id("feed") }),
    route("*", "routes/site/page.tsx", { id: id("page") }),
  ];
}

export default [
  // Machine endpoints: one form only, no locale prefix.
  route("healthz", "routes/api/healthz.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("share-image/*", "routes/seo/share-image.ts"),
  route("api/search", "routes/api/search.ts"),
  route("api/content/single", "routes/api/content-single.ts"),
  route("api/content/query", "routes/api/content-query.ts"),
  route("api/*", "routes/api/not-found.ts"),

  ...sitePages(""),
  ...prefix("fa", sitePages("fa")),
  ...prefix("en", sitePages("en")),
] satisfies RouteConfig;
