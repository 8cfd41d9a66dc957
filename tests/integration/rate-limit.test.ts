/**
 * Login and registration are rate-limited per address and per user name, in the database, so that several
 * server processes sharing it count together.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { limits } from "~/db/rate-limit.server";
import { ApiClient, provenKey } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { rawRequest } from "../helpers/raw-http";
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
const proof = ({ pub, proof }: ReturnType<typeof provenKey>) => ({ pub, proof });
const tooMany = "Too many attempts. Please wait a moment and try again.";

/** A login sent from the local address `from` (127.0.0.x: each is another client address to the server). */
async function loginFrom(from: string, userName: string, password: string, base = server.url) {
  const answer = await rawRequest(base, "/api/auth/login", {
    method: "POST",
    from,
    headers: { "Content-Type": "application/json", Origin: base, "X-Locale": "en" },
    body: JSON.stringify({ userName, password }),
  });
  return { ...answer, json: JSON.parse(answer.body) as { message?: string } };
}

describe("login", () => {
  test("failing on someone's user name blocks the guesser's address, never the owner's", async () => {
    const attacker = "127.0.0.2";
    const owner = "127.0.0.3";
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await loginFrom(attacker, "editor", `wrong-${i}`)).status);
    const max = limits.loginByNameAndAddress.max;
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(401));
    expect(statuses.slice(max)).toEqual(Array(20 - max).fill(429));
    // Even the right password is refused from the guessing address, with when to try again.
    const refused = await loginFrom(attacker, "EDITOR", "password123");
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(tooMany);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(String(refused.headers["set-cookie"] ?? "")).not.toContain("daftar_session=");
    // The owner, elsewhere, logs in as usual.
    const fine = await loginFrom(owner, "editor", "password123");
    expect(fine.status).toBe(200);
    expect(String(fine.headers["set-cookie"])).toContain("daftar_session=");
    // And the guesser can still use another account (its address is not over the spraying limit).
    expect((await loginFrom(attacker, "moderator", "password123")).status).toBe(200);
  });

  test("a successful login clears the failures of that name at that address", async () => {
    const max = limits.loginByNameAndAddress.max;
    const from = "127.0.0.4";
    for (let i = 0; i < max - 1; i++) expect((await loginFrom(from, "member", "nope")).status).toBe(401);
    expect((await loginFrom(from, "member", "password123")).status).toBe(200);
    for (let i = 0; i < max - 1; i++) expect((await loginFrom(from, "member", "nope")).status).toBe(401);
  });

  test("attempts from two server processes count together, also when they race", async () => {
    const max = limits.loginByNameAndAddress.max;
    const attempts = Array.from({ length: max + 6 }, (_, i) =>
      loginFrom("127.0.0.5", "nobody-at-all", `guess-${i}`, i % 2 ? second.url : server.url),
    );
    const statuses = (await Promise.all(attempts)).map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  test("guessing one name from many addresses is slowed past a ceiling, and the owner still gets in", async () => {
    const perAddress = limits.loginByNameAndAddress.max;
    const failures = limits.loginByName.max + 4;
    for (let i = 0; i < failures; i++) {
      const from = `127.0.1.${1 + Math.floor(i / perAddress)}`;
      expect((await loginFrom(from, "admin", `guess-${i}`)).status).toBe(401);
    }
    const started = Date.now();
    const owner = await loginFrom("127.0.2.1", "admin", "password123");
    expect(owner.status).toBe(200);
    // Five failures over the ceiling: a quarter second each.
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 * 250 - 50);
  });

  test("one address is limited across user names", async () => {
    const from = "127.0.0.6";
    let status = 0;
    for (let i = 0; i <= limits.loginByAddress.max && status !== 429; i++) {
      status = (await loginFrom(from, `sprayed-${i}`, "password123")).status;
    }
    expect(status).toBe(429);
    const answer = await loginFrom(from, "admin", "password123");
    expect(answer.status).toBe(429);
    expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("register", () => {
  /** A registration sent from the local address `from`, with a valid key proof or, `forged`, another key's. */
  async function registerFrom(from: string, userName: string, n: number, forged = false) {
    const key = provenKey(server.url, "register", n);
    const body = {
      firstName: "Rana",
      lastName: "Rahmani",
      about: "Trying",
      userName,
      password: "password123",
      pub: key.pub,
      proof: forged ? provenKey(server.url, "register", n + 1).proof : key.proof,
    };
    return rawRequest(server.url, "/api/auth/register", {
      method: "POST",
      from,
      headers: { "Content-Type": "application/json", Origin: server.url, "X-Locale": "en" },
      body: JSON.stringify(body),
    });
  }

  test("one user name can be tried only so often from one address, and that blocks nobody else", async () => {
    // Someone keeps failing to register a name that another person wants…
    const hammering = "127.0.0.7";
    for (let i = 0; i < limits.registerByNameAndAddress.max; i++) {
      expect((await registerFrom(hammering, "wanted-name", 400 + i, true)).status).toBe(403);
    }
    const refused = await registerFrom(hammering, "wanted-name", 450);
    expect(refused.status).toBe(429);
    expect((JSON.parse(refused.body) as { message: string }).message).toBe(tooMany);
    // …and that person, elsewhere, still claims it.
    expect((await registerFrom("127.0.0.8", "wanted-name", 460)).status).toBe(201);
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
          ...proof(provenKey(server.url, "register", 1000 + i)),
        })
      ).status;
      if (status === 201) made++;
    }
    expect(status).toBe(429);
    // Every attempt counts, made or not: this address made no other attempt in this file.
    expect(made).toBe(limits.registerByAddress.max);
  });
});

test("the database holds the counters", async () => {
  const { openDatabase } = await import("~/db/client.server");
  const { rateLimits } = await import("~/db/schema");
  const connection = await openDatabase(process.env.DATABASE_URL!);
  try {
    const rows = await connection.db.select().from(rateLimits).all();
    expect(rows.some((r) => r.key === "login-name:editor")).toBe(true);
    expect(rows.some((r) => r.key === "login-name-ip:editor@127.0.0.2")).toBe(true);
  } finally {
    connection.client.close();
  }
});
