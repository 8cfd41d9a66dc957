/**
 * The second-factor requirement on two instances sharing one libSQL server: the owner turns it on through one
 * instance's API, and the other instance, which had answered the editor from its cached settings, holds them
 * back once its settings cache follows the change feed (within a second); turned off, it lets them through again.
 */
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startSqld, type Sqld } from "../../scripts/sqld";
import { ApiClient } from "../helpers/api-client";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite, type SiteProcess } from "../helpers/site-process";

let sqld: Sqld;
let a: SiteProcess;
let b: SiteProcess;

beforeAll(async () => {
  sqld = await startSqld({ dbPath: path.join(process.env.DATA_DIR!, "require-second-factor-sqld") });
  await seedDatabaseAt(sqld.url);
  [a, b] = await Promise.all([startSite({ DATABASE_URL: sqld.url }), startSite({ DATABASE_URL: sqld.url })]);
}, 90_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sqld?.stop();
});

async function setRequirement(admin: ApiClient, on: boolean) {
  const { body } = await admin.get<{ version: number }>("/api/settings");
  const saved = await admin.put("/api/settings", { version: body.version, signInRequireSecondFactor: on });
  expect(saved.status).toBe(200);
}

test("turned on through one instance, the other holds the member back as soon as it follows the change", async () => {
  const admin = new ApiClient(a.url);
  await admin.login("admin");
  const setup = await admin.post<{ secret: string }>("/api/auth/second-factor/totp");
  const code = TOTP.generate({ secret: Secret.fromBase32(setup.body.secret), timestamp: Date.now() });
  expect((await admin.put("/api/auth/second-factor/totp", { code })).status).toBe(200);

  const editor = new ApiClient(b.url);
  await editor.login("editor");
  // Read once before the change, so that instance B has the setting cached.
  expect((await editor.get("/api/builds/all")).status).toBe(200);

  // Instance A applies it at once; B when its follower reads the change log (within a second).
  await setRequirement(admin, true);
  const editorOnA = new ApiClient(a.url);
  await editorOnA.login("editor");
  expect((await editorOnA.get("/api/builds/all")).status).toBe(403);
  await expect.poll(async () => (await editor.get("/api/builds/all")).status, { timeout: 5_000 }).toBe(403);
  expect((await editor.get("/api/builds/all")).body).toMatchObject({ message: "Set up two-step sign-in to continue" });

  await setRequirement(admin, false);
  await expect.poll(async () => (await editor.get("/api/builds/all")).status, { timeout: 5_000 }).toBe(200);
}, 60_000);
