/**
 * Before installation only the installer's calls (and the health check) answer. The route that actually runs
 * decides, so an address that hides an API path behind `..` gets no further than a plain one.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connection, getDb } from "~/db/client.server";
import { settings } from "~/db/schema";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { provenKey } from "../helpers/api-client";
import { rawRequest } from "../helpers/raw-http";
import { seedDatabase } from "../helpers/seed";

let server: TestServer;
beforeAll(async () => {
  // Everything a registration needs is there (schema, roles, the Member role): only "installed" is missing.
  await seedDatabase(await getDb(), { installed: false, users: [] });
  server = await startAppServer();
});
afterAll(async () => server?.close());

const registration = (userName: string) => {
  const { pub, proof } = provenKey(server.url, "register", 1);
  return JSON.stringify({
    firstName: "Nima",
    lastName: "Karimi",
    about: "Just arrived",
    userName,
    password: "secret-pass",
    pub,
    proof,
  });
};

function register(path: string, userName: string) {
  return rawRequest(server.url, path, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": "en" },
    body: registration(userName),
  });
}

async function userCount(): Promise<number> {
  const { client } = await connection();
  return Number((await client.execute("select count(*) from users")).rows[0]?.[0]);
}

describe("before installation", () => {
  test.each([
    "/api/auth/register",
    "/fa/../api/auth/register",
    "/api/install/../auth/register",
    "/en/x/../../api/auth/register",
  ])("POST %s answers 503 and creates no user", async (path) => {
    const answer = await register(path, "nima");
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toEqual({ message: "The site is not installed yet." });
    expect(await userCount()).toBe(0);
  });

  test("other calls answer 503 in the caller's language, whatever their method", async () => {
    const get = await rawRequest(server.url, "/api/comments?routePath=/", { headers: { "accept-language": "fa" } });
    expect(get.status).toBe(503);
    expect(JSON.parse(get.body).message).toBe("سایت هنوز نصب نشده است.");
    expect((await rawRequest(server.url, "/api/no/such/call", { method: "DELETE" })).status).toBe(503);
  });

  test("the installer's calls answer (with the setup token only) and so does the health check", async () => {
    const installer = await rawRequest(server.url, "/api/install/database-connections", {
      headers: { "accept-language": "en" },
    });
    expect(installer.status).toBe(401);
    expect((await rawRequest(server.url, "/healthz")).status).toBe(200);
  });
});

describe("once installed", () => {
  test("the same disguised address reaches registration", async () => {
    const db = await getDb();
    const row = await db.select().from(settings).where(eq(settings.key, "app")).get();
    await db
      .update(settings)
      .set({ value: { ...(row?.value as object), installed: true } })
      .where(eq(settings.key, "app"));
    const answer = await register("/fa/../api/auth/register", "nima");
    expect(answer.status).toBe(201);
    expect(await userCount()).toBe(1);
  });
});
