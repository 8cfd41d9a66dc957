import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connection } from "~/db/client.server";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { provenKey } from "../helpers/api-client";
import { installClient, validAdmin } from "../helpers/install-client";
import { rawGet } from "../helpers/raw-http";

let server: TestServer;
let api: ReturnType<typeof installClient>;
beforeAll(async () => {
  server = await startAppServer();
  api = installClient(server.url);
});
afterAll(async () => server?.close());

const steps = ["migrations-run", "database-loading", "admin-loading", "finish"] as const;

async function count(sql: string): Promise<number> {
  const { client } = await connection();
  return Number((await client.execute(sql)).rows[0]?.[0] ?? 0);
}

describe("installer API, in order", () => {
  test("every call needs the setup token", async () => {
    for (const step of ["database-connections", ...steps]) {
      const response = await fetch(`${server.url}/api/install/${step}`, {
        method: step === "database-connections" ? "GET" : "POST",
        headers: { "accept-language": "en", "x-setup-token": "not-the-token" },
      });
      expect(response.status, step).toBe(401);
      expect(await response.json()).toEqual({ message: "A valid setup token is required to use the installer." });
    }
    expect(await count("select count(*) from sqlite_master where name = 'users'")).toBe(0);
  });

  test("?setup=<token> on any page stores the token in an HttpOnly cookie and drops it from the address", async () => {
    const good = await rawGet(`${server.url}/en/about?setup=${api.token()}&x=1`, { "sec-fetch-mode": "navigate" });
    expect(good.status).toBe(302);
    expect(good.headers.location).toBe("/en/about?x=1");
    const cookie = String(good.headers["set-cookie"]);
    expect(cookie).toMatch(/^daftar_setup=[^;]+; Path=\/;.*HttpOnly/);
    const withCookie = await fetch(`${server.url}/api/install/database-connections`, {
      headers: { cookie: cookie.split(";")[0]!, "accept-language": "en" },
    });
    expect(withCookie.status).toBe(200);
    // A wrong token: no cookie, the token panel says so (503: the site is not open yet).
    const bad = await rawGet(`${server.url}/en?setup=wrong`);
    expect(bad.status).toBe(503);
    expect(bad.headers["set-cookie"]).toBeUndefined();
    expect(bad.body).toContain("That setup token is not valid.");
  });

  test("the connection check reports the database and where the installation stands", async () => {
    const { status, body } = await api.get("database-connections");
    expect(status).toBe(200);
    expect(body.database).toMatchObject({ connected: true, driver: "libsql", url: process.env.DATABASE_URL });
    expect((body.database as { version: string }).version).toMatch(/^3\./);
    expect(body.progress).toEqual({
      connected: true,
      migrated: false,
      loaded: false,
      adminLoaded: false,
      installed: false,
    });
  });

  test("the server enforces the order: defaults need migrations, the admin needs defaults, finish needs the admin", async () => {
    expect(await api.post("database-loading")).toMatchObject({
      status: 409,
      body: { message: "Database Schema Not Initialized" },
    });
    expect(await api.post("admin-loading", validAdmin)).toMatchObject({
      status: 409,
      body: { message: "Load the default data first." },
    });
    expect(await api.post("finish")).toMatchObject({
      status: 409,
      body: { message: "Create the administrator account first." },
    });
    expect(await count("select count(*) from sqlite_master where type = 'table' and name not like 'sqlite_%'")).toBe(0);
  });

  test("side effects never happen on GET", async () => {
    for (const step of steps) expect((await api.get(step)).status, step).toBe(405);
    expect(await count("select count(*) from sqlite_master where name = 'users'")).toBe(0);
  });

  test("migrations apply, and applying them again changes nothing", async () => {
    const first = await api.post("migrations-run");
    expect(first.status).toBe(200);
    expect(first.body.progress).toMatchObject({ migrated: true, loaded: false });
    const applied = await count("select count(*) from __drizzle_migrations");
    expect((await api.post("migrations-run")).status).toBe(200);
    expect(await count("select count(*) from __drizzle_migrations")).toBe(applied);
  });

  test("the admin still needs the defaults once the schema exists", async () => {
    expect(await api.post("admin-loading", validAdmin)).toMatchObject({ status: 409 });
  });

  test("default data loads idempotently: permissions, four roles, configuration, content in both languages", async () => {
    const first = await api.post("database-loading");
    expect(first.status).toBe(200);
    expect(first.body.report).toMatchObject({ permissions: 8, roles: ["Admin", "Editor", "Moderator", "Member"] });
    const pages = await count("select count(*) from pages");
    expect(pages).toBeGreaterThan(20);
    expect(await count("select count(*) from pages where locale = 'fa'")).toBe(
      await count("select count(*) from pages where locale = 'en'"),
    );
    const again = await api.post("database-loading");
    expect(again.body.report).toMatchObject({ pagesAdded: 0, pagesKept: pages });
    expect(await count("select count(*) from roles")).toBe(4);
    expect(
      await count("select count(*) from role_permissions rp join roles r on r.id = rp.role_id where r.name = 'Admin'"),
    ).toBe(8);
    expect(await count("select count(*) from settings where key = 'app'")).toBe(1);
  });
});

describe("the administrator form is validated by the account rules (minimum lengths, matching passwords)", () => {
  test.each([
    [{ firstName: "S" }, "firstName", "Must be at least 2 characters"],
    [{ lastName: "Ra" }, "lastName", "Must be at least 3 characters"],
    [{ about: "ab" }, "about", "Must be at least 3 characters"],
    [{ userName: "sa" }, "userName", "Must be at least 3 characters"],
    [{ userName: "sara <script>" }, "userName", "Use letters, digits, dots, dashes and underscores only"],
    [{ password: "12345" }, "password", "Password must be at least 6 characters"],
    [{ pub: "XYZ" }, "pub", "Must be a public key of 64 lowercase hexadecimal characters"],
  ])("%o → %s: %s", async (change, field, message) => {
    const { status, body } = await api.post("admin-loading", { ...validAdmin, ...change });
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(body.issues).toContainEqual({ path: field, message });
    expect(await count("select count(*) from users")).toBe(0);
  });

  test("missing fields are named", async () => {
    const { status, body } = await api.post("admin-loading", { about: "Runs it", password: "secret-pass" });
    expect(status).toBe(400);
    expect(body.message).toBe("Missing required fields: firstName, lastName, userName");
  });

  test("messages come in the caller's language", async () => {
    const { body } = await api.post(
      "admin-loading",
      { ...validAdmin, password: "123" },
      { "accept-language": "fa-IR,fa;q=0.9" },
    );
    expect(body.message).toBe("گذرواژه دست‌کم باید ۶ نویسه باشد");
  });

  test("a taken user name is refused, whatever its letter case", async () => {
    const { client } = await connection();
    await client.execute("insert into users (user_name, first_name, last_name) values ('Taken', 'T', 'Aken')");
    const { status, body } = await api.post("admin-loading", { ...validAdmin, userName: "taken" });
    expect(status).toBe(409);
    expect(body.message).toBe("Username is already taken. Please choose another one.");
    await client.execute("delete from users where user_name = 'Taken'");
  });
});

describe("administrator and finish", () => {
  test("the browser's key needs its proof: without one, or with another key's, nothing is created", async () => {
    const key = provenKey(server.url, "install", 40);
    const other = provenKey(server.url, "install", 41);
    const missing = await api.post("admin-loading", { ...validAdmin, pub: key.pub });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(
      "This browser's key must come with its signature. Reload the page and try again.",
    );
    const forged = await api.post("admin-loading", { ...validAdmin, pub: key.pub, proof: other.proof });
    expect(forged.status).toBe(403);
    expect(await count("select count(*) from users")).toBe(0);
  });

  test("the admin is created with the Admin role and signed in", async () => {
    const { status, body, headers } = await api.post("admin-loading", validAdmin);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      message: "User registered successfully",
      user: { userName: "sara", displayName: "Sara Rahimi" },
    });
    expect(headers.getSetCookie()).toEqual([
      expect.stringMatching(/^daftar_session=[\w-]{20,}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/),
      // The hint that a page may ask who is signed in (server/session-hint.ts), readable by the page's script.
      expect.stringMatching(/^daftar_signed_in=1; Path=\/; Max-Age=\d+; SameSite=Lax$/),
    ]);
    expect(
      await count("select count(*) from user_roles ur join roles r on r.id = ur.role_id where r.name = 'Admin'"),
    ).toBe(1);
    expect(await count("select count(*) from sessions")).toBe(1);
    const hash = (await (await connection()).client.execute("select password_hash from users")).rows[0]?.[0];
    expect(String(hash)).toMatch(/^\$argon2id\$/);
  });

  test("a second administrator cannot be created through the installer", async () => {
    const { status, body } = await api.post("admin-loading", { ...validAdmin, userName: "other" });
    expect(status).toBe(409);
    expect(body.message).toBe("An administrator already exists.");
    expect(await count("select count(*) from users")).toBe(1);
  });

  test("finish marks the site installed, deletes the token and locks every installer call", async () => {
    const token = api.token();
    expect((await api.post("finish")).status).toBe(200);
    expect(existsSync(path.join(process.env.DATA_DIR!, "setup-token"))).toBe(false);
    const tables = await count("select count(*) from sqlite_master");
    for (const [method, step] of [["GET", "database-connections"], ...steps.map((s) => ["POST", s])] as const) {
      const response = await fetch(`${server.url}/api/install/${step}`, {
        method,
        headers: { "x-setup-token": token, "accept-language": "en", "content-type": "application/json" },
        body: method === "POST" ? JSON.stringify(validAdmin) : undefined,
      });
      expect(response.status, step).toBe(403);
      expect(await response.json()).toEqual({ message: "Application is already installed" });
    }
    expect(await count("select count(*) from users")).toBe(1);
    expect(await count("select count(*) from sqlite_master")).toBe(tables);
    const home = await fetch(`${server.url}/en`);
    expect(await home.text()).not.toContain('data-testid="installer"');
  });
});
