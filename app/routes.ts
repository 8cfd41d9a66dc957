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
  route("api/install/database-connections", "routes/api/install/database-connections.ts"),
  route("api/install/migrations-run", "routes/api/install/migrations-run.ts"),
  route("api/install/database-loading", "routes/api/install/database-loading.ts"),
  route("api/install/admin-loading", "routes/api/install/admin-loading.ts"),
  route("api/install/finish", "routes/api/install/finish.ts"),
  route("api/comments", "routes/api/comments/list.ts"),
  route("api/comments/new", "routes/api/comments/new.ts"),
  route("api/comments/all", "routes/api/comments/all.ts"),
  route("api/comments/moderate", "routes/api/comments/moderate.ts"),
  route("api/*", "routes/api/not-found.ts"),

  ...sitePages(""),
  ...prefix("fa", sitePages("fa")),
  ...prefix("en", sitePages("en")),
] satisfies RouteConfig;
