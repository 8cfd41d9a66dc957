import { afterAll, beforeAll, expect, test } from "vitest";
import { connection } from "~/db/client.server";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { installClient, validAdmin } from "../helpers/install-client";

let server: TestServer;
beforeAll(async () => {
  server = await startAppServer();
});
afterAll(async () => server?.close());

test("two administrators created at the same moment give exactly one", async () => {
  const api = installClient(server.url);
  expect((await api.post("migrations-run")).status).toBe(200);
  expect((await api.post("database-loading")).status).toBe(200);

  const attempts = await Promise.all(
    ["ava", "bob", "cyd", "dan", "eve", "fay"].map((userName) =>
      api.post("admin-loading", { ...validAdmin, userName }),
    ),
  );
  const statuses = attempts.map((a) => a.status).sort();
  expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
  for (const refused of attempts.filter((a) => a.status === 409)) {
    expect(refused.body.message).toBe("An administrator already exists.");
  }
  const { client } = await connection();
  const users = await client.execute("select count(*) from users");
  const admins = await client.execute(
    "select count(*) from user_roles ur join roles r on r.id = ur.role_id where r.name = 'Admin'",
  );
  expect(Number(users.rows[0]?.[0])).toBe(1);
  expect(Number(admins.rows[0]?.[0])).toBe(1);
});
