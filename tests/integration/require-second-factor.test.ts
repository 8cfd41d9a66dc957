/**
 * The owner's requirement of two-step sign-in for the roles that manage the site, against the production build:
 * turning it on (refused to an owner without a factor), every API call and /manage page of the authorization
 * table for a covered member without a factor (Editor: builds.push), for a member it does not cover (Moderator)
 * and for a covered member with a factor (Admin), setting a factor up and then reaching everything, the last
 * factor kept, and signed requests (NIP-98). The setting is changed through the API and read on the next request.
 */
import { finalizeEvent } from "nostr-tools/pure";
import { Secret, TOTP } from "otpauth";
import { describe, expect, test } from "vitest";
import { createUser } from "~/auth/users.server";
import { getDb } from "~/db/client.server";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { apiTable, pageTable, type Row } from "../helpers/authorization-table";
import { giveMemberKey } from "../helpers/nostr";

const keys: Record<string, { secret: Uint8Array; pubkey: string }> = {};
const server = serveSeededApp(async (db) => {
  keys.editor = await giveMemberKey(db, "editor");
});

const setUpFirst = "Set up two-step sign-in to continue";
const lockOut = "Set up two-step sign-in on your profile first: otherwise this would lock you out.";

/** Sets up an authenticator app on `browser`'s account (signed in with its password just now): its app's codes. */
async function setUpAuthenticator(browser: ApiClient): Promise<() => string> {
  const setup = await browser.post<{ secret: string }>("/api/auth/second-factor/totp");
  expect(setup.status).toBe(200);
  let step = Math.floor(Date.now() / 30_000);
  const next = () => TOTP.generate({ secret: Secret.fromBase32(setup.body.secret), timestamp: step++ * 30_000 });
  const enabled = await browser.put("/api/auth/second-factor/totp", { code: next() });
  expect(enabled).toMatchObject({ status: 200, body: { message: "Two-step sign-in is on." } });
  return next;
}

async function setRequirement(admin: ApiClient, on: boolean) {
  const { body } = await admin.get<{ version: number }>("/api/settings");
  return admin.put<{ message: string; issues?: { path: string; message: string }[] }>("/api/settings", {
    version: body.version,
    signInRequireSecondFactor: on,
  });
}

/** A call of the table as the authorization suite makes it (empty bodies: nothing changes). */
function callRow(client: ApiClient, row: Row) {
  const body = row.method === "GET" || row.method === "DELETE" ? undefined : {};
  return client.call(row.method, row.url ?? `/${row.route}`, body);
}

/** Whether the row needs more than a signed-in reader has: the Member role is refused it, the Editor is not. */
const beyondReader = (row: Row) => row.expect.member === 403 && row.expect.editor !== 403;

/** Each row once, and a client of its own for signing out (which ends the client's session). */
async function clientFor(shared: ApiClient, userName: string, row: Row): Promise<ApiClient> {
  if (!(row.method === "DELETE" && row.route === "api/_auth/session")) return shared;
  const own = new ApiClient(server.url);
  await own.login(userName);
  return own;
}

describe("two-step sign-in required for the roles that manage the site", () => {
  let admin: ApiClient;
  let editor: ApiClient;
  let moderator: ApiClient;
  let editorCodes: () => string;

  test("the owner cannot turn it on without a factor of their own; with one, they can", async () => {
    admin = new ApiClient(server.url);
    editor = new ApiClient(server.url);
    moderator = new ApiClient(server.url);
    await admin.login("admin");
    const refused = await setRequirement(admin, true);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(lockOut);
    expect(refused.body.issues).toEqual([{ path: "signInRequireSecondFactor", message: lockOut }]);
    const persian = new ApiClient(server.url, "fa");
    persian.cookies.set("daftar_session", admin.cookies.get("daftar_session")!);
    const inPersian = await setRequirement(persian, true);
    expect(inPersian.status).toBe(409);
    expect(inPersian.body.message).toMatch(/^نخست در نمایهٔ خود/);
    expect((await admin.get<{ settings: Record<string, unknown> }>("/api/settings")).body.settings).toMatchObject({
      signInRequireSecondFactor: false,
    });

    await setUpAuthenticator(admin);
    expect((await setRequirement(admin, true)).status).toBe(200);
    expect((await admin.get<{ settings: Record<string, unknown> }>("/api/settings")).body.settings).toMatchObject({
      signInRequireSecondFactor: true,
    });
  });

  test("every call beyond a reader's answers a covered member without a factor 403 'set up first'", async () => {
    await editor.login("editor");
    await moderator.login("moderator");
    const refusedRows: string[] = [];
    for (const row of apiTable) {
      const name = `${row.method} /${row.route}`;
      const answer = await callRow(await clientFor(editor, "editor", row), row);
      if (beyondReader(row)) {
        refusedRows.push(name);
        expect(answer.status, name).toBe(403);
        expect(answer.body, name).toMatchObject({ message: setUpFirst, reason: "second-factor-required" });
      } else {
        // Refused anyway (a call the Editor's permissions do not reach) or open as before.
        expect(answer.status, name).toBe(row.expect.editor);
      }
      // Not covered (comments.edit, dashboard.read): as before.
      expect((await callRow(await clientFor(moderator, "moderator", row), row)).status, name).toBe(
        row.expect.moderator,
      );
      // Covered, with a factor: the managing calls as before (its own factor's calls differ from the table's
      // member without one).
      if (beyondReader(row)) {
        expect((await callRow(await clientFor(admin, "admin", row), row)).status, name).toBe(row.expect.admin);
      }
    }
    // The walk reached the managing calls (users, settings, builds) and left the member's own ones open.
    expect(refusedRows).toEqual(expect.arrayContaining(["GET /api/users/all", "POST /api/builds/run"]));
    expect(refusedRows).not.toContain("PUT /api/auth/second-factor/totp");
    expect(refusedRows).not.toContain("PUT /api/users/update-profile");
  });

  test("every /manage page the member could open shows 'set up two-step sign-in' instead", async () => {
    for (const row of pageTable) {
      for (const prefix of ["", "fa/", "en/"]) {
        const path = `/${prefix}${row.url ?? row.route}`;
        const response = await editor.raw("GET", path);
        const html = await response.text();
        if (row.expect.editor === 200) {
          expect(response.status, path).toBe(403);
          expect(html, path).toContain('data-testid="second-factor-required"');
          expect(html, path).toMatch(/href="(\/(fa|en))?\/profile#second-factor"/);
          if (prefix === "en/") expect(html, path).toContain(setUpFirst);
        } else {
          expect(response.status, path).toBe(row.expect.editor);
        }
        expect((await moderator.raw("GET", path)).status, path).toBe(row.expect.moderator);
      }
    }
    // The profile, the public site and the session stay open.
    expect((await editor.raw("GET", "/en/profile")).status).toBe(200);
    expect((await editor.raw("GET", "/en/about")).status).toBe(200);
    expect((await editor.get<{ user?: object }>("/api/_auth/session")).body.user).toBeTruthy();
  });

  test("a signed request (NIP-98) of the member's key is held back the same way", async () => {
    const signed = (path: string) => {
      const event = finalizeEvent(
        {
          kind: 27235,
          created_at: Math.floor(Date.now() / 1000),
          content: "",
          tags: [
            ["u", server.url + path],
            ["method", "GET"],
          ],
        },
        keys.editor!.secret,
      );
      return `Nostr ${Buffer.from(JSON.stringify(event)).toString("base64")}`;
    };
    const answer = await fetch(`${server.url}/api/builds/all`, {
      headers: { authorization: signed("/api/builds/all"), "accept-language": "en" },
    });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ message: setUpFirst });
    // What a reader may do, it may.
    const own = await fetch(`${server.url}/api/users/notifications`, {
      headers: { authorization: signed("/api/users/notifications"), "accept-language": "en" },
    });
    expect(own.status).toBe(200);
  });

  test("once the member sets up a factor, everything opens, and the last factor cannot be removed", async () => {
    editorCodes = await setUpAuthenticator(editor);
    expect((await editor.get("/api/builds/all")).status).toBe(200);
    expect((await editor.raw("GET", "/en/manage")).status).toBe(200);
    expect((await editor.raw("GET", "/en/manage/builds")).status).toBe(200);

    const removal = await editor.delete<{ message: string }>("/api/auth/second-factor/totp");
    expect(removal.status).toBe(409);
    expect(removal.body.message).toMatch(/^The site's owner requires two-step sign-in for your role/);
    // Still there: the next call still opens.
    expect((await editor.get("/api/builds/all")).status).toBe(200);
    const profile = await (await editor.raw("GET", "/en/profile")).text();
    expect(profile).toContain("Recovery codes left: 10");
    expect(editorCodes()).toMatch(/^\d{6}$/);
  });

  test("turned off, the next request of a member without a factor opens again, and a factor can be removed", async () => {
    const memberWithoutFactor = new ApiClient(server.url);
    // A new Editor without a factor: the seeded one has one now.
    await createUser(
      await getDb(),
      { userName: "editor2", password: "password123", firstName: "Eda", lastName: "Editor", about: "" },
      ["Editor"],
    );
    await memberWithoutFactor.login("editor2");
    expect((await memberWithoutFactor.get("/api/builds/all")).status).toBe(403);

    expect((await setRequirement(admin, false)).status).toBe(200);
    expect((await memberWithoutFactor.get("/api/builds/all")).status).toBe(200);
    expect((await memberWithoutFactor.raw("GET", "/en/manage")).status).toBe(200);
    // Off: removing the last factor is allowed again.
    expect((await editor.delete("/api/auth/second-factor/totp")).status).toBe(200);
  });
});
