/**
 * Turning notices off against a running site: a message's unsubscribe link takes the mail program's one-click
 * POST (RFC 8058: no cookie, no Origin), a browser's cross-site POST to it is refused, and a member turns each kind
 * on and off from their profile's call (refused without a session, a bad value refused with nothing changed).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { noticeSettings } from "~/auth/notice-preferences.server";
import { findUserByName } from "~/auth/users.server";
import { openDatabase, type DatabaseConnection } from "~/db/client.server";
import { unsubscribeToken } from "~/mail/unsubscribe.server";
import { seedDatabaseAt } from "../helpers/seed";
import { sessionCookieFor } from "../helpers/sessions";
import { startSite, type SiteProcess } from "../helpers/site-process";

const dataDir = mkdtempSync(path.join(tmpdir(), "daftar-notices-"));
const dbUrl = `file:${path.join(dataDir, "daftar.db")}`;
let site: SiteProcess | undefined;
let connection: DatabaseConnection | undefined;
let memberId: number;

beforeAll(async () => {
  await seedDatabaseAt(dbUrl);
  connection = await openDatabase(dbUrl);
  memberId = (await findUserByName(connection.db, "member"))!.id;
  site = await startSite({ DATA_DIR: dataDir });
}, 90_000);
afterAll(async () => {
  await site?.stop();
  connection?.client.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function linkFor(list: string) {
  const token = await unsubscribeToken(connection!.db, { list, subject: String(memberId) });
  return `${site!.url}/en/unsubscribe?token=${encodeURIComponent(token)}`;
}

test("a cross-site POST to an unsubscribe link is refused; the mail program's one-click POST ends the notices", async () => {
  const link = await linkFor("notify.comments");
  const crossSite = await fetch(link, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://elsewhere.example" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(crossSite.status).toBe(403);
  expect((await noticeSettings(connection!.db, memberId))["notify.comments"]).toBe(true);

  // Opening the link changes nothing (scanners open links) and says what stops.
  const page = await fetch(link);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("notices about your comments (approved, replied to)");
  expect((await noticeSettings(connection!.db, memberId))["notify.comments"]).toBe(true);

  // As a mail provider sends it: no cookie, no Origin.
  const oneClick = await fetch(link, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status).toBe(200);
  expect(await noticeSettings(connection!.db, memberId)).toEqual({
    "notify.moderation": true,
    "notify.comments": false,
    "notify.inbox": true,
  });
  // Again: nothing more to end.
  expect((await fetch(link, { method: "POST", body: "List-Unsubscribe=One-Click" })).status).toBe(200);
});

test("the profile's call turns kinds on and off for the signed-in member only; a bad value changes nothing", async () => {
  const cookie = await sessionCookieFor(connection!.db, "member");
  const put = (body: unknown, headers: Record<string, string> = { cookie }) =>
    fetch(`${site!.url}/api/users/notifications`, {
      method: "PUT",
      headers: { "content-type": "application/json", "accept-language": "en", ...headers },
      body: JSON.stringify(body),
    });
  expect((await put({ inbox: false }, {})).status).toBe(401);
  const refused = await put({ inbox: "off" });
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { issues: { path: string }[] }).issues[0]!.path).toBe("inbox");
  const before = await noticeSettings(connection!.db, memberId);
  expect(before["notify.inbox"]).toBe(true);

  const saved = await put({ inbox: false, comments: true });
  expect(saved.status).toBe(200);
  expect(await saved.json()).toEqual({
    message: "Your notifications were saved.",
    notifications: { "notify.moderation": true, "notify.comments": true, "notify.inbox": false },
  });
  const read = await fetch(`${site!.url}/api/users/notifications`, { headers: { cookie } });
  expect(((await read.json()) as { notifications: object }).notifications).toEqual({
    "notify.moderation": true,
    "notify.comments": true,
    "notify.inbox": false,
  });
});
