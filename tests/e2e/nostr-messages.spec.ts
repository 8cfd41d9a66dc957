/**
 * Encrypted messages end to end in Chromium: an anonymous visitor writes to the site's owner on the contact
 * page; the owner signs in in their own browser (which holds their key) and reads it decrypted in the inbox;
 * the inbox survives a reload (IndexedDB) and is wiped on logout; the owner's answer reaches the visitor.
 */
import path from "node:path";
import { eq } from "drizzle-orm";
import { bytesToHex } from "nostr-tools/utils";
import { generateSecretKey, getPublicKey } from "nostr-tools/pure";
import { openDatabase } from "~/db/client.server";
import { rateLimits, users } from "~/db/schema";
import { expect, forgetRelayQuotas, open, untilHydrated, reload, test } from "./fixtures";
import { startSeededSite } from "../helpers/seeded-site";
import type { Page } from "@playwright/test";

/** The local inbox as IndexedDB has it: its version, its table's indexes, and its rows' texts. */
function readInbox(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ version: number; indexes: string[]; texts: string[] }>((resolve, reject) => {
        const request = indexedDB.open("inbox");
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains("events")) {
            resolve({ version: db.version, indexes: [], texts: [] });
            db.close();
            return;
          }
          const store = db.transaction("events").objectStore("events");
          const all = store.getAll();
          all.onsuccess = () => {
            resolve({
              version: db.version,
              indexes: [...store.indexNames].sort(),
              texts: (all.result as { content: string }[]).map((row) => row.content),
            });
            db.close();
          };
        };
      }),
  );
}

// Every test here writes from 127.0.0.1 to the worker's site: each starts with the address's quota unspent.
test.beforeEach(async ({ site }) => forgetRelayQuotas(site));

test("a visitor's encrypted message reaches the owner's inbox, which survives a reload and goes on logout", async ({
  browser,
  site,
}) => {
  // Two browsers, a sign-in and two relay round trips: more than a page visit takes on a busy machine.
  test.setTimeout(120_000);
  // The owner's browser holds their key; the account knows it from their last sign-in there.
  const ownerSecret = generateSecretKey();
  const ownerKey = getPublicKey(ownerSecret);
  const connection = await openDatabase(`file:${path.join(site.dataDir, "daftar.db")}`);
  await connection.db.update(users).set({ pub: ownerKey }).where(eq(users.userName, "admin"));
  connection.client.close();

  // The visitor writes.
  const visitorContext = await browser.newContext({ baseURL: site.url });
  const visitor = await visitorContext.newPage();
  await open(visitor, "/en/contact");
  // The form loads as the reader reaches it.
  await visitor.getByTestId("contact").scrollIntoViewIfNeeded();
  const form = visitor.getByTestId("contact-form");
  await expect(form).toBeVisible();
  await visitor.getByTestId("contact-send").click();
  await expect(form.getByTestId("field-error")).toHaveText("Write a message first.");
  const text = "Hello from a visitor — سلام، این پیام رمزگذاری شده است.";
  await visitor.getByTestId("contact-message").fill(text);
  await visitor.getByTestId("contact-send").click();
  const sent = visitor.getByTestId("message");
  await expect(sent).toHaveCount(1);
  await expect(sent.getByTestId("message-text")).toHaveText(text);
  await expect(sent).toHaveAttribute("data-status", "Sent");
  await visitor.screenshot({ path: "test-results/screenshots/contact-sent-en.png", fullPage: false });

  // The owner signs in where their key is, and reads it.
  const ownerContext = await browser.newContext({ baseURL: site.url });
  const owner = await ownerContext.newPage();
  await open(owner, "/en/login");
  await owner.evaluate(
    ({ secret, pub }) => {
      localStorage.setItem("device-priv", secret);
      localStorage.setItem(
        "profile",
        JSON.stringify({
          firstName: "",
          lastName: "",
          displayName: "Owner's laptop",
          about: "",
          pub,
          deviceName: "Owner's laptop",
        }),
      );
    },
    { secret: bytesToHex(ownerSecret), pub: ownerKey },
  );
  await reload(owner);
  await owner.getByTestId("login-form").locator('input[name="userName"]').fill("admin");
  await owner.getByTestId("login-form").locator('input[name="password"]').fill("password123");
  await owner.getByTestId("login-submit").click();
  // Signed in, the login page goes home; the avatar shows the account's initials.
  await owner.waitForURL(`${site.url}/en`);
  await untilHydrated(owner);
  await expect(owner.getByTestId("avatar-button")).toContainText("AA");
  // The dashboard's overview counts the message as unread (it cannot read it: it counts what arrived).
  const overview = await ownerContext.newPage();
  const unread = overview.getByTestId("count-unread-messages").getByTestId("count-value");
  await open(overview, "/en/manage");
  await expect(unread).toHaveText("1");
  await owner.getByTestId("avatar-button").click();
  await expect(owner.getByTestId("avatar-menu")).toBeVisible();
  await owner.getByTestId("avatar-menu-inbox").click();
  await expect(owner).toHaveURL(/\/en\/inbox$/);
  const received = owner.getByTestId("message");
  await expect(received.getByTestId("message-text")).toHaveText(text);
  await expect(received).toHaveAttribute("data-status", "Received");
  // Shown in the inbox, it is read: the overview says so.
  await expect
    .poll(async () => {
      await reload(overview);
      return unread.textContent();
    })
    .toBe("0");
  await overview.close();

  // A reload: the message is still there, kept in IndexedDB (version 1, every field indexed).
  await reload(owner);
  await expect(owner.getByTestId("message-text")).toHaveText(text);
  const kept = await readInbox(owner);
  // Dexie's version 1 (Dexie keeps versions ten times larger in IndexedDB, to leave room for its own steps).
  expect(kept.version).toBe(10);
  expect(kept.indexes).toEqual(["content", "created_at", "kind", "pubkey", "status", "tags"]);
  expect(kept.texts).toEqual([text]);

  // The owner answers; the visitor's page shows it.
  await owner.getByTestId("reply-text").fill("Thank you for writing!");
  await owner.getByTestId("reply-send").click();
  await expect(owner.getByTestId("message").last()).toHaveAttribute("data-status", "Sent");
  await expect(visitor.getByTestId("message-text").last()).toHaveText("Thank you for writing!");

  // Logout wipes the inbox: the database is there again, empty, with the same schema.
  await owner.getByTestId("avatar-button").click();
  await owner.getByTestId("logout").click();
  await expect(owner.getByTestId("avatar-button")).toBeVisible();
  await expect.poll(async () => (await readInbox(owner)).texts).toEqual([]);
  const after = await readInbox(owner);
  expect(after.version).toBe(10);
  expect(after.indexes).toEqual(["content", "created_at", "kind", "pubkey", "status", "tags"]);
  await visitorContext.close();
  await ownerContext.close();
});

test("a message written while the relay cannot be reached waits, says so, and goes when it can", async ({
  browser,
  site,
}) => {
  const connection = await openDatabase(`file:${path.join(site.dataDir, "daftar.db")}`);
  await connection.db
    .update(users)
    .set({ pub: getPublicKey(generateSecretKey()) })
    .where(eq(users.userName, "admin"));
  connection.client.close();
  const context = await browser.newContext({ baseURL: site.url });
  const page = await context.newPage();
  // The relay refuses every connection until the test lets them through.
  let reachable = false;
  await page.routeWebSocket(/\/relay$/, (ws) => {
    if (reachable) ws.connectToServer();
    else ws.close();
  });
  await open(page, "/en/contact");
  await page.getByTestId("contact").scrollIntoViewIfNeeded();
  await page.getByTestId("contact-message").fill("Written on a train in a tunnel");
  await page.getByTestId("contact-send").click();
  const message = page.getByTestId("message");
  await expect(message).toHaveAttribute("data-status", "Sending");
  // The failure shows, with the way to try again now.
  await expect(message.getByTestId("message-status")).toContainText("Not sent yet: retrying");
  // Nothing is lost across a reload: it is kept in this browser and still waiting.
  await reload(page);
  await page.getByTestId("contact").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("message-text")).toHaveText("Written on a train in a tunnel");
  await expect(page.getByTestId("message")).toHaveAttribute("data-status", "Sending");
  reachable = true;
  await page.getByTestId("message").getByRole("button", { name: "Try again now" }).click();
  await expect(page.getByTestId("message")).toHaveAttribute("data-status", "Sent");
  await context.close();
});

test("a visitor's message the relay refuses for their address's quota says why, in Persian, and stays to be sent later", async ({
  browser,
}) => {
  // A site of its own: the relay remembers for the hour that this address is over its quota.
  const site = await startSeededSite();
  const connection = await openDatabase(`file:${path.join(site.dataDir, "daftar.db")}`);
  await connection.db
    .update(users)
    .set({ pub: getPublicKey(generateSecretKey()) })
    .where(eq(users.userName, "admin"));
  // This address has sent its messages for the hour already.
  const quota = "relay-wraps-ip:127.0.0.1";
  const used = { count: 99, resetAt: new Date(Date.now() + 3_600_000) };
  await connection.db
    .insert(rateLimits)
    .values({ key: quota, ...used })
    .onConflictDoUpdate({ target: rateLimits.key, set: used });
  const context = await browser.newContext({ baseURL: site.url });
  try {
    const page = await context.newPage();
    await open(page, "/contact");
    await page.getByTestId("contact").scrollIntoViewIfNeeded();
    await page.getByTestId("contact-message").fill("سلام، دوباره من هستم.");
    await page.getByTestId("contact-send").click();
    await expect(page.getByRole("region", { name: /اعلان/ })).toContainText(
      "در مدت کوتاهی چند پیام فرستاده‌اید. این پیام در همین مرورگر نگه داشته می‌شود و کمی بعد فرستاده می‌شود.",
    );
    await expect(page.getByTestId("message")).toHaveAttribute("data-status", "Sending");
    await expect(page.getByTestId("message-text")).toHaveText("سلام، دوباره من هستم.");
  } finally {
    await context.close();
    connection.client.close();
    await site.stop();
  }
});
