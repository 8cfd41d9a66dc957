/**
 * The account owner's calls against the running production build: register, login, session, logout,
 * change password, update profile — each success and each error, in English and Persian, with session
 * rotation and revocation.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Locale } from "~/i18n/locales";
import { ApiClient, provenKey } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { seedDatabaseAt } from "../helpers/seed";

let server: TestServer;
beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  server = await startAppServer();
});
afterAll(async () => {
  await server?.close();
});

const browser = (locale: Locale = "en") => new ApiClient(server.url, locale);
const newcomer = (n: number, extra: Record<string, unknown> = {}) => ({
  firstName: "Sara",
  lastName: "Tehrani",
  about: "Reads everything",
  userName: `sara${n}`,
  password: "secret-pass",
  ...withoutSecret(provenKey(server.url, "register", n)),
  ...extra,
});
const withoutSecret = ({ pub, proof }: ReturnType<typeof provenKey>) => ({ pub, proof });

describe("GET /api/_auth/session", () => {
  test("answers {} when there is no session", async () => {
    const answer = await browser().get("/api/_auth/session");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({});
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  test("answers {} for a made-up session cookie", async () => {
    const b = browser();
    b.cookies.set("daftar_session", "not-a-real-token");
    expect((await b.get("/api/_auth/session")).body).toEqual({});
  });
});

describe("POST /api/auth/register", () => {
  test("creates a Member, logs them in and records the device", async () => {
    const b = browser();
    const answer = await b.post("/api/auth/register", newcomer(1, { deviceName: "Curious Otter" }));
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe("Registered successfully");
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith("daftar_session="));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // plain http here; https would add it
    const session = await b.get<{
      user: { userName: string; displayName: string; roles: string[]; permissions: string[]; pub: string };
    }>("/api/_auth/session");
    expect(session.body.user).toMatchObject({
      userName: "sara1",
      displayName: "Sara Tehrani",
      roles: ["Member"],
      permissions: ["comments.create"],
      pub: provenKey(server.url, "register", 1).pub,
    });
  });

  test("binds a key only with its proof: another key's pub without, with a forged or a stale proof is refused", async () => {
    const victim = provenKey(server.url, "register", 500);
    const attacker = provenKey(server.url, "register", 501);
    const attempt = (n: number, extra: Record<string, unknown>) =>
      browser().post("/api/auth/register", newcomer(n, extra));
    const refusals = [
      [await attempt(502, { pub: victim.pub, proof: undefined }), 400, "missing"],
      // The attacker's own proof does not prove the victim's key.
      [await attempt(503, { pub: victim.pub, proof: attacker.proof }), 403, "key"],
      // The victim's proof with its content changed (its signature no longer matches).
      [
        await attempt(504, { pub: victim.pub, proof: { ...victim.proof, created_at: victim.proof.created_at + 1 } }),
        403,
        "signature",
      ],
      [
        await attempt(505, { ...withoutSecret(provenKey(server.url, "register", 500, Date.now() - 120_000)) }),
        403,
        "timestamp",
      ],
      [await attempt(506, { ...withoutSecret(provenKey(server.url, "login", 500)) }), 403, "action"],
      [await attempt(507, { ...withoutSecret(provenKey("https://other.example", "register", 500)) }), 403, "site"],
      [await attempt(508, { pub: victim.pub, proof: "yes" }), 403, "malformed"],
    ] as const;
    for (const [answer, status, reason] of refusals) {
      expect(answer.status, reason).toBe(status);
      expect(answer.body.reason).toBe(reason);
      expect(answer.body.message).toMatch(/This browser's key/);
      expect(answer.headers.getSetCookie().some((c) => c.startsWith("daftar_session="))).toBe(false);
    }
    // Nothing was made: no accounts, no device.
    for (let n = 502; n <= 508; n++) {
      expect((await browser().post("/api/auth/login", { userName: `sara${n}`, password: "secret-pass" })).status).toBe(
        401,
      );
    }
    const fa = await new ApiClient(server.url, "fa").post(
      "/api/auth/register",
      newcomer(509, { pub: victim.pub, proof: undefined }),
    );
    expect(fa.body.message).toBe(
      "کلید این مرورگر باید همراه امضایش فرستاده شود. صفحه را دوباره بارگذاری کنید و دوباره بکوشید.",
    );
    // With its own valid proof, the key is bound.
    const b = browser();
    expect((await b.post("/api/auth/register", newcomer(500))).status).toBe(201);
    expect((await b.get<{ user: { pub: string } }>("/api/_auth/session")).body.user.pub).toBe(victim.pub);
  });

  test("login binds a key only with its proof", async () => {
    const key = provenKey(server.url, "login", 520);
    const noProof = await browser().post("/api/auth/login", {
      userName: "editor",
      password: "password123",
      pub: key.pub,
    });
    expect(noProof.status).toBe(400);
    const stale = provenKey(server.url, "login", 520, Date.now() + 120_000);
    const future = await browser().post("/api/auth/login", {
      userName: "editor",
      password: "password123",
      ...withoutSecret(stale),
    });
    expect(future.status).toBe(403);
    const b = browser();
    const ok = await b.post("/api/auth/login", { userName: "editor", password: "password123", ...withoutSecret(key) });
    expect(ok.status).toBe(200);
    expect((await b.get<{ user: { pub: string } }>("/api/_auth/session")).body.user.pub).toBe(key.pub);
  });

  test("ignores anything that would give more than the Member role", async () => {
    const b = browser();
    const answer = await b.post(
      "/api/auth/register",
      newcomer(2, { roles: ["Admin"], roleIds: [1], permissions: ["users.manage"] }),
    );
    expect(answer.status).toBe(201);
    const session = await b.get<{ user: { roles: string[]; permissions: string[] } }>("/api/_auth/session");
    expect(session.body.user.roles).toEqual(["Member"]);
    expect(session.body.user.permissions).toEqual(["comments.create"]);
  });

  test("refuses a taken user name in any letter case, in both languages", async () => {
    const en = await browser().post("/api/auth/register", newcomer(3, { userName: "ADMIN" }));
    expect(en.status).toBe(409);
    expect(en.body.message).toBe("Username is already taken. Please choose another one.");
    expect(en.body.issues).toEqual([
      { path: "userName", message: "Username is already taken. Please choose another one." },
    ]);
    const fa = await browser("fa").post("/api/auth/register", newcomer(3, { userName: "admin" }));
    expect(fa.body.message).toBe("این نام کاربری قبلاً گرفته شده است. لطفاً نام دیگری انتخاب کنید.");
  });

  test("names the missing fields", async () => {
    const answer = await browser().post("/api/auth/register", { firstName: "Sara" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Missing required fields: lastName, about, userName, password, pub");
    const fa = await browser("fa").post("/api/auth/register", { firstName: "Sara" });
    expect(fa.body.message).toBe("فیلدهای لازم وارد نشده‌اند: lastName, about, userName, password, pub");
  });

  test.each([
    ["firstName", "S", "Must be at least 2 characters"],
    ["lastName", "Te", "Must be at least 3 characters"],
    ["about", "hi", "Must be at least 3 characters"],
    ["userName", "ab", "Must be at least 3 characters"],
    ["userName", "سارا", "Use letters, digits, dots, dashes and underscores only"],
    ["password", "12345", "Password must be at least 6 characters"],
    ["pub", "xyz", "Must be a public key of 64 lowercase hexadecimal characters"],
  ])("refuses %s = %j with %j", async (field, value, message) => {
    const answer = await browser().post("/api/auth/register", newcomer(4, { [field]: value }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(answer.body.issues?.[0]).toEqual({ path: field, message });
  });

  test("accepts a user name typed with Persian digits", async () => {
    const b = browser();
    expect((await b.post("/api/auth/register", newcomer(5, { userName: "reza۱۲۳" }))).status).toBe(201);
    expect((await b.get<{ user: { userName: string } }>("/api/_auth/session")).body.user.userName).toBe("reza123");
  });

  test("answers 400 for a body that is not JSON", async () => {
    const b = browser();
    const response = await b.raw("POST", "/api/auth/register", {
      body: "{nope",
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "The request body is not valid JSON." });
  });
});

describe("POST /api/auth/login", () => {
  test("logs in with the right password", async () => {
    const b = browser();
    const answer = await b.post("/api/auth/login", {
      userName: "member",
      password: "password123",
      ...withoutSecret(provenKey(server.url, "login", 100)),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Login successful");
    expect((await b.get<{ user: { userName: string } }>("/api/_auth/session")).body.user.userName).toBe("member");
  });

  test("gives one generic answer for an unknown user and a wrong password", async () => {
    const unknown = await browser().post("/api/auth/login", { userName: "nobody-here", password: "password123" });
    const wrong = await browser().post("/api/auth/login", { userName: "editor", password: "wrong-password" });
    for (const answer of [unknown, wrong]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: "Invalid username or password" });
      expect(answer.headers.getSetCookie().some((c) => c.startsWith("daftar_session="))).toBe(false);
    }
    const fa = await browser("fa").post("/api/auth/login", { userName: "editor", password: "wrong-password" });
    expect(fa.body.message).toBe("نام کاربری یا گذرواژه نادرست است");
  });

  test("names the missing fields", async () => {
    const answer = await browser().post("/api/auth/login", {});
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Missing required fields: userName, password");
  });

  test("rotates the session: the browser's old session ends, a new one begins", async () => {
    const b = browser();
    await b.login("moderator");
    const before = b.cookies.get("daftar_session");
    const stolen = b.clone(); // someone who copied the cookie before the second login
    await b.login("moderator");
    expect(b.cookies.get("daftar_session")).not.toBe(before);
    expect((await stolen.get("/api/_auth/session")).body).toEqual({});
    expect((await b.get<{ user: { userName: string } }>("/api/_auth/session")).body.user.userName).toBe("moderator");
  });

  test("logging in as someone else ends the previous account's session", async () => {
    const b = browser();
    await b.login("member");
    const old = b.clone();
    await b.login("editor");
    expect((await old.get("/api/_auth/session")).body).toEqual({});
  });
});

describe("DELETE /api/_auth/session", () => {
  test("logs out: the cookie is cleared and the session cannot be used again", async () => {
    const b = browser();
    await b.login("member");
    const copy = b.clone();
    const answer = await b.delete("/api/_auth/session");
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Logged out successfully");
    expect(answer.headers.getSetCookie().find((c) => c.startsWith("daftar_session="))).toMatch(/Max-Age=0/);
    expect(b.cookies.has("daftar_session")).toBe(false);
    expect((await copy.get("/api/_auth/session")).body).toEqual({});
  });

  test("without a session it still answers, and nothing breaks", async () => {
    expect((await browser().delete("/api/_auth/session")).status).toBe(200);
  });
});

describe("PUT /api/auth/change-password", () => {
  test("changes the password and ends every other session, keeping this one", async () => {
    const phone = browser();
    await phone.post("/api/auth/register", newcomer(10));
    const laptop = browser();
    await laptop.login("sara10", "secret-pass");
    const tablet = browser();
    await tablet.login("sara10", "secret-pass");

    const answer = await laptop.put("/api/auth/change-password", {
      oldPassword: "secret-pass",
      newPassword: "new-secret",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Password changed successfully");

    expect((await laptop.get<{ user: { userName: string } }>("/api/_auth/session")).body.user.userName).toBe("sara10");
    expect((await phone.get("/api/_auth/session")).body).toEqual({});
    expect((await tablet.get("/api/_auth/session")).body).toEqual({});
    expect((await browser().post("/api/auth/login", { userName: "sara10", password: "secret-pass" })).status).toBe(401);
    expect((await browser().post("/api/auth/login", { userName: "sara10", password: "new-secret" })).status).toBe(200);
  });

  test("refuses a wrong current password and changes nothing", async () => {
    const b = browser();
    await b.post("/api/auth/register", newcomer(11));
    const answer = await b.put("/api/auth/change-password", { oldPassword: "not-it", newPassword: "whatever1" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Current password is incorrect");
    expect(answer.body.issues).toEqual([{ path: "oldPassword", message: "Current password is incorrect" }]);
    const fa = await new ApiClient(server.url, "fa").post("/api/auth/login", {
      userName: "sara11",
      password: "secret-pass",
    });
    expect(fa.status).toBe(200);
  });

  test("validates the new password and names missing fields", async () => {
    const b = browser();
    await b.login("member");
    expect(
      (await b.put("/api/auth/change-password", { oldPassword: "password123", newPassword: "123" })).body.message,
    ).toBe("Password must be at least 6 characters");
    expect((await b.put("/api/auth/change-password", {})).body.message).toBe(
      "Missing required fields: oldPassword, newPassword",
    );
  });

  test("needs a session", async () => {
    const answer = await browser().put("/api/auth/change-password", { oldPassword: "a", newPassword: "bbbbbb" });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe("Unauthorized: User not authenticated");
    expect((await browser("fa").put("/api/auth/change-password", {})).body.message).toBe(
      "دسترسی غیرمجاز: کاربر وارد نشده است",
    );
  });
});

describe("PUT /api/users/update-profile", () => {
  test("updates the caller's own names and about; the display name follows", async () => {
    const b = browser();
    await b.post("/api/auth/register", newcomer(20));
    const answer = await b.put<{ user: { displayName: string; about: string } }>("/api/users/update-profile", {
      firstName: "Leila",
      lastName: "Ahmadi",
      about: "Writes poems",
      userName: "hijack",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Profile updated successfully");
    expect(answer.body.user).toMatchObject({ displayName: "Leila Ahmadi", about: "Writes poems", userName: "sara20" });
  });

  test("validates and names missing fields", async () => {
    const b = browser();
    await b.login("member");
    expect(
      (await b.put("/api/users/update-profile", { firstName: "L", lastName: "Ahmadi", about: "abc" })).body.message,
    ).toBe("Must be at least 2 characters");
    expect((await b.put("/api/users/update-profile", { firstName: "Leila" })).body.message).toBe(
      "Missing required fields: lastName, about",
    );
  });

  test("needs a session", async () => {
    expect(
      (await browser().put("/api/users/update-profile", { firstName: "Le", lastName: "Ahm", about: "abc" })).status,
    ).toBe(401);
  });
});

describe("DELETE /api/auth/sessions", () => {
  test("signs the account out everywhere else", async () => {
    const a = browser();
    await a.login("editor");
    const b = browser();
    await b.login("editor");
    expect((await a.call("DELETE", "/api/auth/sessions", { keep: [] })).body.message).toBe(
      "You have been signed out everywhere else",
    );
    expect((await b.get("/api/_auth/session")).body).toEqual({});
    expect((await a.get<{ user: object }>("/api/_auth/session")).body.user).toBeTruthy();
  });
});

describe("PUT /api/identity/device", () => {
  test("renames a device of the caller's account, and only theirs", async () => {
    const b = browser();
    await b.post("/api/auth/register", newcomer(30, { deviceName: "Brave Fox" }));
    const answer = await b.put("/api/identity/device", {
      pub: provenKey(server.url, "register", 30).pub,
      deviceName: "Calm Heron",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Device name updated");
    const other = browser();
    await other.login("member");
    expect(
      (
        await other.put("/api/identity/device", {
          pub: provenKey(server.url, "register", 30).pub,
          deviceName: "Mine now",
        })
      ).status,
    ).toBe(404);
  });
});

describe("methods", () => {
  test("a method a call does not take answers 405 in JSON with Allow", async () => {
    const answer = await browser().get("/api/auth/login");
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("POST");
    expect(answer.body.message).toBe("This method is not allowed here.");
  });
});
