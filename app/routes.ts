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
    route("*", "routes/site/page.tsx", { id: id("page") }),
  ];
}

export default [
  // Machine endpoints: one form only, no locale prefix.
  route("healthz", "routes/api/healthz.ts"),
  route("api/*", "routes/api/not-found.ts"),

  ...sitePages(""),
  ...prefix("fa", sitePages("fa")),
  ...prefix("en", sitePages("en")),
] satisfies RouteConfig;
