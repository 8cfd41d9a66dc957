import { statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "~/db/client.server";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { freePort } from "../../scripts/free-port";
import { installClient } from "../helpers/install-client";

// This file starts with a database nobody listens to: the owner has to enter a working one.
const deadPort = await freePort();
process.env.DATABASE_URL = `http://127.0.0.1:${deadPort}`;
// The database servers here are on loopback, which the installer refuses unless the operator allows it.
process.env.INSTALL_ALLOW_PRIVATE_DATABASE = "true";

let server: TestServer;
let api: ReturnType<typeof installClient>;
beforeAll(async () => {
  server = await startAppServer();
  api = installClient(server.url);
});
afterAll(async () => server?.close());

const dataDir = () => process.env.DATA_DIR!;

describe("an unreachable database", () => {
  test("the connection check says so, with the redacted address, and every step refuses", async () => {
    const { status, body } = await api.get("database-connections");
    expect(status).toBe(503);
    expect(body.message).toBe("Database connection is not working");
    expect(body.database).toMatchObject({ connected: false, url: `http://127.0.0.1:${deadPort}` });
    expect(body.progress).toMatchObject({ connected: false });
    const migrate = await api.post("migrations-run");
    expect(migrate.status).toBe(503);
    expect(migrate.body.message).toBe("Database connection is not working");
  });

  test("a URL that is not a database URL is refused and nothing is saved", async () => {
    const { status, body } = await api.post("database-connections", { url: "ftp://example.org/db" });
    expect(status).toBe(400);
    expect(body.message).toMatch(/^That is not a database URL Daftar can use/);
    expect(() => statSync(path.join(dataDir(), "config.json"))).toThrow();
  });

  test("a server that does not answer is refused and nothing is saved", async () => {
    const other = await freePort();
    const { status, body } = await api.post("database-connections", {
      url: `libsql://127.0.0.1:${other}?tls=0`,
      authToken: "secret-token",
    });
    expect(status).toBe(400);
    // The driver's error text is not repeated: it would tell what answers at the address.
    expect(body).toEqual({ message: "Database connection is not working" });
    expect(() => statSync(path.join(dataDir(), "config.json"))).toThrow();
  });

  test("a working database is verified, saved for the owner's eyes only, and used from then on", async () => {
    const url = `file:${path.join(dataDir(), "entered.db")}`;
    const { status, body } = await api.post("database-connections", { url });
    expect(status).toBe(200);
    expect(body.database).toMatchObject({ connected: true, url });
    const config = statSync(path.join(dataDir(), "config.json"));
    expect(config.mode & 0o777).toBe(0o600);
    expect((await api.get("database-connections")).status).toBe(200);
  });
});

describe("a migration that fails", () => {
  test("reports 'Automatic migration failed.' with the reason and leaves the database as it was", async () => {
    // A table the first migration wants to create, already there with another shape.
    const url = `file:${path.join(dataDir(), "entered.db")}`;
    const direct = await openDatabase(url);
    await direct.client.execute("create table roles (something text)");
    const tablesBefore = (await direct.client.execute("select name from sqlite_master order by name")).rows.map(
      (r) => r.name,
    );

    const { status, body } = await api.post("migrations-run");
    expect(status).toBe(500);
    expect(body.message).toBe("Automatic migration failed.");
    expect(String(body.reason)).toMatch(/already exists/);
    const tablesAfter = (await direct.client.execute("select name from sqlite_master order by name")).rows.map(
      (r) => r.name,
    );
    expect(tablesAfter).toEqual(tablesBefore);
    expect((await api.get("database-connections")).body.progress).toMatchObject({ connected: true, migrated: false });

    // The owner fixes it and retries.
    await direct.client.execute("drop table roles");
    direct.client.close();
    const retry = await api.post("migrations-run");
    expect(retry.status).toBe(200);
    expect(retry.body.progress).toMatchObject({ migrated: true });
  });
});
