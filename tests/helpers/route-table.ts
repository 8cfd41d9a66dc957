/**
 * The site's routes as the router has them (app/routes.ts), flattened to concrete paths a test can request, so
 * suites that walk every route cover a route added later without being told about it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";

export interface RouteEntry {
  /** The request path, with parameters and splats filled in (`/api/oauth/github/start`, `/en/notes/x`). */
  path: string;
  /** The route module, relative to app/. */
  file: string;
  /** A JSON call under /api/ (answers with `{ message }` when it refuses). */
  api: boolean;
  /** A page whose route has an action (a form posting to its own page): it takes POST besides GET and HEAD. */
  posts: boolean;
  /**
   * A route without a page that has an action (the relay's CORS preflight, git over HTTP, the health check): it
   * answers every method itself, with its own `Allow`.
   */
  ownMethods: boolean;
}

/** What a `:param` or `*` becomes in a request path: a value that exists, so probes reach the code behind it. */
const fillers: Record<string, string> = { provider: "github", tag: "TypeScript", "*": "notes/hostile-probe" };

/**
 * Whether a route module exports an action, and whether it has a page (a default export); read as text: importing
 * every module would start the app.
 */
function exportsOf(file: string): { action: boolean; page: boolean } {
  const source = readFileSync(path.join(import.meta.dirname, "../../app", file), "utf8");
  return {
    action: /^export (const|async function|function) action\b/m.test(source),
    page: /^export default\b/m.test(source),
  };
}

export function routeTable(): RouteEntry[] {
  const out: RouteEntry[] = [];
  const walk = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const joined = [parent, entry.path ?? ""].filter(Boolean).join("/");
      const path = `/${joined
        .split("/")
        .map((segment) =>
          segment.startsWith(":") ? (fillers[segment.slice(1)] ?? "x") : (fillers[segment] ?? segment),
        )
        .join("/")}`.replace(/\/+$/, "");
      if (!entry.children?.length || entry.index) {
        const api = path.startsWith("/api/");
        const { action, page } = exportsOf(entry.file);
        out.push({
          path: path || "/",
          file: entry.file,
          api,
          posts: !api && action && page,
          ownMethods: !api && action && !page,
        });
      }
      if (entry.children) walk(entry.children, joined);
    }
  };
  walk(routes, "");
  // One entry per (path, module): layouts with an index child give the same path twice.
  return [...new Map(out.map((entry) => [`${entry.path} ${entry.file}`, entry])).values()];
}
