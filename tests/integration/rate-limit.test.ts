/**
 * Login and registration are rate-limited per address and per user name, in the database, so that several
 * server processes sharing it count together.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { limits } from "~/auth/rate-limit.server";
import { ApiClient, fakePub } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite, type SiteProcess } from "../helpers/site-process";

let server: TestServer;
let second: SiteProcess;
beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  server = await startAppServer();
  // A second server process on the same database file.
  second = await startSite({ DATA_DIR: process.env.DATA_DIR!, DATABASE_URL: process.env.DATABASE_URL! });
});
afterAll(async () => {
  await server?.close();
  await second?.stop();
});

const client = (base = server.url) => new ApiClient(base);
const tooMany = "Too many attempts. Please wait a moment and try again.";

describe("login", () => {
  test("a user name is locked after repeated failures, even for the right password, then only that name", async () => {
    const max = limits.loginByName.max;
    for (let i = 0; i < max; i++) {
      expect((await client().post("/api/auth/login", { userName: "editor", password: `wrong-${i}` })).status).toBe(401);
    }
    const locked = await client().post("/api/auth/login", { userName: "EDITOR", password: "password123" });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(tooMany);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(locked.headers.getSetCookie().some((c) => c.startsWith("daftar_session="))).toBe(false);
    // Another account from the same address is not affected.
    expect((await client().post("/api/auth/login", { userName: "moderator", password: "password123" })).status).toBe(
      200,
    );
  });

  test("a successful login clears the failures of that name", async () => {
    const max = limits.loginByName.max;
    for (let i = 0; i < max - 1; i++) await client().post("/api/auth/login", { userName: "member", password: "nope" });
    expect((await client().post("/api/auth/login", { userName: "member", password: "password123" })).status).toBe(200);
    for (let i = 0; i < max - 1; i++) {
      expect((await client().post("/api/auth/login", { userName: "member", password: "nope" })).status).toBe(401);
    }
  });

  test("attempts from two server processes count together, also when they race", async () => {
    const max = limits.loginByName.max;
    const attempts = Array.from({ length: max + 6 }, (_, i) =>
      client(i % 2 ? second.url : server.url).post("/api/auth/login", {
        userName: "nobody-at-all",
        password: `guess-${i}`,
      }),
    );
    const statuses = (await Promise.all(attempts)).map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  test("one address is limited across user names", async () => {
    // The address limit counts every attempt; earlier tests in this file used some of it.
    let status = 0;
    for (let i = 0; i <= limits.loginByAddress.max && status !== 429; i++) {
      status = (await client().post("/api/auth/login", { userName: `sprayed-${i}`, password: "password123" })).status;
    }
    expect(status).toBe(429);
    const answer = await client().post("/api/auth/login", { userName: "admin", password: "password123" });
    expect(answer.status).toBe(429);
  });
});

describe("register", () => {
  test("one user name can be tried only so often", async () => {
    // The address limit was not touched by the login tests (a separate counter).
    const body = (n: number) => ({
      firstName: "Rana",
      lastName: "Rahmani",
      about: "Trying",
      userName: "admin",
      password: "password123",
      pub: fakePub(n),
    });
    for (let i = 0; i < limits.registerByName.max; i++)
      expect((await client().post("/api/auth/register", body(i))).status).toBe(409);
    const answer = await client().post("/api/auth/register", body(99));
    expect(answer.status).toBe(429);
    expect(answer.body.message).toBe(tooMany);
  });

  test("one address can register only so many accounts", async () => {
    let status = 0;
    let made = 0;
    for (let i = 0; i <= limits.registerByAddress.max && status !== 429; i++) {
      status = (
        await client().post("/api/auth/register", {
          firstName: "Bot",
          lastName: "Number",
          about: "Mass signup",
          userName: `bot${i}`,
          password: "password123",
          pub: fakePub(1000 + i),
        })
      ).status;
      if (status === 201) made++;
    }
    expect(status).toBe(429);
    expect(made).toBeLessThan(limits.registerByAddress.max);
    expect(made).toBeGreaterThan(0);
  });
});

test("the database holds the counters", async () => {
  const { openDatabase } = await import("~/db/client.server");
  const { rateLimits } = await import("~/db/schema");
  const connection = await openDatabase(`file:${path.join(process.env.DATA_DIR!, "daftar.db")}`);
  try {
    const rows = await connection.db.select().from(rateLimits).all();
    expect(rows.some((r) => r.key === "login-name:editor")).toBe(true);
  } finally {
    connection.client.close();
  }
});
