/**
 * Who may call what: every /api/* route and every /manage/* page (in its three locale forms) against an
 * anonymous visitor and the four seeded roles. The route list is read from app/routes.ts, so a route added
 * without a row here fails this test.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import routes from "~/routes";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { seedDatabaseAt } from "../helpers/seed";
import { apiTable, pageTable, people, type Row, type Who } from "../helpers/authorization-table";

/** Every path app/routes.ts declares, parents joined to children. */
function declaredPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [full, ...declaredPaths(entry.children ?? [], full)];
  });
}

const withoutLocale = (path: string) => path.replace(/^(fa|en)(\/|$)/, "");

describe("the table covers every guarded route", () => {
  const declared = [...new Set(declaredPaths(routes))];

  test("every /api/* route has a row", () => {
    const api = declared.filter((path) => path.startsWith("api/"));
    expect(api.length).toBeGreaterThan(10);
    expect(api.filter((path) => !apiTable.some((row) => row.route === path))).toEqual([]);
  });

  test("every /manage page has a row, in all three locale forms", () => {
    const manage = declared.filter((path) => /^((fa|en)\/)?manage(\/|$)/.test(path));
    expect(manage.length).toBe(pageTable.length * 3);
    expect(manage.filter((path) => !pageTable.some((row) => row.route === withoutLocale(path)))).toEqual([]);
  });

  test("the table lists no route that does not exist", () => {
    for (const row of [...apiTable, ...pageTable]) expect(declared, row.route).toContain(row.route);
  });
});

let server: TestServer;
const clients = {} as Record<Who, ApiClient>;

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  server = await startAppServer();
  for (const who of people) {
    clients[who] = new ApiClient(server.url);
    if (who !== "anonymous") await clients[who].login(who);
  }
});
afterAll(async () => {
  await server?.close();
});

/**
 * A client for one request: logging out (DELETE /api/_auth/session) uses its own session, so the shared one
 * lives on. (DELETE /api/auth/sessions ends the *other* sessions, so it must run on the shared client.)
 */
async function clientFor(who: Who, row: Row): Promise<ApiClient> {
  if (who === "anonymous" || !(row.method === "DELETE" && row.route === "api/_auth/session")) return clients[who];
  const own = new ApiClient(server.url);
  await own.login(who);
  return own;
}

describe.each(apiTable)("$method /$route", (row) => {
  test.each(people)("%s", async (who) => {
    const client = await clientFor(who, row);
    const body = row.method === "GET" || row.method === "DELETE" ? undefined : {};
    const answer = await client.call(row.method, row.url ?? `/${row.route}`, body);
    expect(answer.status).toBe(row.expect[who]);
    if (answer.status === 401) expect(answer.body.message).toBe("Unauthorized: User not authenticated");
    if (answer.status === 403) {
      expect(answer.body.message).toMatch(
        row.route.startsWith("api/install/") ? /^Application is already installed$/ : /^Forbidden: /,
      );
    }
    // The signed-in clients stay signed in (no call here may end someone's own session).
    if (who !== "anonymous")
      expect((await clients[who].get<{ user?: object }>("/api/_auth/session")).body.user).toBeTruthy();
  });
});

describe.each(
  pageTable.flatMap((row) => ["", "fa/", "en/"].map((prefix) => ({ ...row, prefix, path: prefix + row.route }))),
)("GET /$path", (row) => {
  test.each(people)("%s", async (who) => {
    const path = `/${row.prefix}${row.url ?? row.route}`;
    const response = await clients[who].raw("GET", path);
    expect(response.status).toBe(row.expect[who]);
    const html = response.status === 302 ? "" : await response.text();
    if (response.status === 302) {
      expect(response.headers.get("location")).toBe(`/${row.prefix}login?redirectTo=${encodeURIComponent(path)}`);
    }
    if (response.status === 403) expect(html).toContain('data-testid="forbidden"');
    if (response.status === 200) expect(response.headers.get("cache-control")).toContain("no-store");
  });
});
