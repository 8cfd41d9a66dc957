import { afterAll, describe, expect, test } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { closeDatabase, connection, getDb } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import { getAppConfig, invalidateAppConfig, updateAppConfig } from "~/settings/app-config.server";

afterAll(closeDatabase);

describe("database", () => {
  const onServer = !process.env.DATABASE_URL?.startsWith("file:");

  test.skipIf(onServer)("a file database runs in WAL mode with a busy timeout and foreign keys", async () => {
    const { client, url } = await connection();
    expect(url).toBe(process.env.DATABASE_URL);
    expect((await client.execute("PRAGMA journal_mode")).rows[0]?.[0]).toBe("wal");
    expect(Number((await client.execute("PRAGMA busy_timeout")).rows[0]?.[0])).toBe(5000);
    expect(Number((await client.execute("PRAGMA foreign_keys")).rows[0]?.[0])).toBe(1);
  });

  test.runIf(onServer)("a libSQL server enforces foreign keys on every request", async () => {
    const { client, url } = await connection();
    expect(url).toBe(process.env.DATABASE_URL);
    expect(Number((await client.execute("PRAGMA foreign_keys")).rows[0]?.[0])).toBe(1);
    const [check] = await client.batch(["PRAGMA foreign_keys"]);
    expect(Number(check?.rows[0]?.[0])).toBe(1);
  });

  test("before migrations the app configuration is the default, not installed", async () => {
    const config = await getAppConfig();
    expect(config.installed).toBe(false);
    expect(config.siteName).toEqual({ fa: "دفتر", en: "Daftar" });
  });

  test("migrations create the whole schema and are idempotent", async () => {
    const db = await getDb();
    await runMigrations(db);
    await runMigrations(db);
    const { client } = await connection();
    const tables = (await client.execute("select name from sqlite_master where type = 'table' order by name")).rows.map(
      (r) => r.name,
    );
    for (const table of [
      "users",
      "roles",
      "permissions",
      "role_permissions",
      "user_roles",
      "sessions",
      "devices",
      "oauth_accounts",
      "settings",
      "pages",
      "comments",
      "builds",
      "commits",
      "page_views",
      "rate_limits",
      "nostr_events",
      "nostr_tags",
    ]) {
      expect(tables).toContain(table);
    }
    const applied = await client.execute("select count(*) as n from __drizzle_migrations");
    expect(Number(applied.rows[0]?.n)).toBeGreaterThan(0);
  });

  test("user names are unique regardless of letter case", async () => {
    const { client } = await connection();
    await client.execute("insert into users (user_name) values ('Sara')");
    await expect(client.execute("insert into users (user_name) values ('sara')")).rejects.toThrow(/UNIQUE/);
  });

  test("the app configuration is stored, cached and invalidated", async () => {
    await updateAppConfig({ siteName: { fa: "دفترچه", en: "Notebook" } });
    expect((await getAppConfig()).siteName.en).toBe("Notebook");
    const { client } = await connection();
    await client.execute(
      "update settings set value = json_set(value, '$.siteName.en', 'Changed elsewhere') where key = 'app'",
    );
    expect((await getAppConfig()).siteName.en).toBe("Notebook"); // cached
    invalidateAppConfig();
    expect((await getAppConfig()).siteName.en).toBe("Changed elsewhere");
  });

  test("DAFTAR_INSTALLED=true forces the installed state", async () => {
    process.env.DAFTAR_INSTALLED = "true";
    resetConfigForTests();
    invalidateAppConfig();
    try {
      expect((await getAppConfig()).installed).toBe(true);
    } finally {
      delete process.env.DAFTAR_INSTALLED;
      resetConfigForTests();
      invalidateAppConfig();
    }
    expect((await getAppConfig()).installed).toBe(false);
  });
});
