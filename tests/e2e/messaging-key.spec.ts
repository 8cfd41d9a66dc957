/**
 * Messages reach the member, not a browser: a visitor writes to the site's owner, who reads it in a browser
 * that never held their messaging key (unlocked with the messaging passphrase), and again after logging out and
 * in; a message sent before the messaging key existed, to a browser's own key, stays readable in that browser
 * and is carried over, so a new browser reads it too. Screenshots of the panels in both languages, both colour
 * modes, on a desktop and a phone. Its own site: the accounts' messaging keys made here stay made.
 */
import type { Browser, Page } from "@playwright/test";
import path from "node:path";
import { eq } from "drizzle-orm";
import { generateSecretKey, getPublicKey } from "nostr-tools/pure";
import { bytesToHex } from "nostr-tools/utils";
import { openDatabase } from "~/db/client.server";
import { users } from "~/db/schema";
import { startSeededSite } from "../helpers/seeded-site";
import type { SiteProcess } from "../helpers/site-process";
import { expect, open, untilHydrated, reload, snap, test } from "./fixtures";

const passphrase = "رمز پیام‌های من ۱۴۰۵ long";
let site: SiteProcess;
test.beforeAll(async () => {
  site = await startSeededSite();
});
test.afterAll(async () => {
  await site?.stop();
});

/** A browser of its own, signed in through the login form (a fresh sign-in: it may set the messaging key). */
async function signIn(browser: Browser, userName: string, setUp?: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: site.url });
  const page = await context.newPage();
  await open(page, "/en/login");
  if (setUp) {
    await setUp(page);
    await reload(page);
  }
  await logInHere(page, userName);
  return page;
}

async function logInHere(page: Page, userName: string) {
  await page.getByTestId("login-form").locator('input[name="userName"]').fill(userName);
  await page.getByTestId("login-form").locator('input[name="password"]').fill("password123");
  await page.getByTestId("login-submit").click();
  await page.waitForURL(`${site.url}/en`);
  await untilHydrated(page);
}

async function logOut(page: Page) {
  await page.getByTestId("avatar-button").click();
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("avatar-button")).toBeVisible();
}

async function unlock(page: Page, typed: string) {
  const panel = page.getByTestId("messaging-unlock");
  await panel.getByLabel("Messaging passphrase").fill(typed);
  await panel.getByTestId("messaging-unlock-submit").click();
}

test("a visitor's message is read on a browser that never held the key, and after logging out and in", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // The owner makes their messaging key on their first browser.
  const first = await signIn(browser, "admin");
  await open(first, "/en/inbox");
  const setup = first.getByTestId("messaging-setup");
  await expect(setup).toBeVisible();
  await snap(first, "messaging-setup-en-light-desktop");
  // Too short, then not the same twice: said, and nothing made.
  await setup.getByLabel("Messaging passphrase").fill("short");
  await setup.getByLabel("The passphrase again").fill("short");
  await setup.getByTestId("messaging-create").click();
  await expect(setup.getByTestId("field-error")).toHaveText("The passphrase needs at least 10 characters.");
  await setup.getByLabel("Messaging passphrase").fill(passphrase);
  await setup.getByLabel("The passphrase again").fill(`${passphrase}!`);
  await setup.getByTestId("messaging-create").click();
  await expect(setup.getByTestId("field-error")).toHaveText("The two passphrases are not the same.");
  await setup.getByLabel("The passphrase again").fill(passphrase);
  await setup.getByTestId("messaging-create").click();
  await expect(first.getByTestId("messaging-setup")).toHaveCount(0);
  await expect(first.getByTestId("inbox-empty")).toHaveText("No messages yet.");

  // A visitor writes from the contact page: to the owner's messaging key.
  const visitor = await (await browser.newContext({ baseURL: site.url })).newPage();
  await open(visitor, "/en/contact");
  await visitor.getByTestId("contact").scrollIntoViewIfNeeded();
  const text = "Hello — سلام، این پیام به حساب شما رسیده است، نه به یک مرورگر.";
  await visitor.getByTestId("contact-message").fill(text);
  await visitor.getByTestId("contact-send").click();
  await expect(visitor.getByTestId("message")).toHaveAttribute("data-status", "Sent");

  // The first browser reads it at once (its tab holds the key for the session).
  await expect(first.getByTestId("message-text")).toHaveText(text);

  // A browser that never held any key of the owner's: locked until the passphrase is typed.
  const second = await signIn(browser, "admin");
  await open(second, "/en/inbox");
  await expect(second.getByTestId("messaging-unlock")).toBeVisible();
  await expect(second.getByTestId("message")).toHaveCount(0);
  await unlock(second, "not the passphrase at all");
  await expect(second.getByTestId("messaging-unlock").getByTestId("field-error")).toHaveText(
    "This passphrase does not open your messaging key. Nothing was changed; try again.",
  );
  await snap(second, "messaging-unlock-wrong-en-light-desktop");
  await unlock(second, passphrase);
  await expect(second.getByTestId("message-text")).toHaveText(text);
  await expect(second.getByTestId("message")).toHaveAttribute("data-status", "Received");
  // A reload keeps it unlocked in this tab.
  await reload(second);
  await expect(second.getByTestId("messaging-unlock")).toHaveCount(0);
  await expect(second.getByTestId("message-text")).toHaveText(text);

  // The owner answers from the second browser, with the messaging key: the visitor reads it.
  await second.getByTestId("reply-text").fill("Thank you — read on a brand-new browser.");
  await second.getByTestId("reply-send").click();
  await expect(visitor.getByTestId("message-text").last()).toHaveText("Thank you — read on a brand-new browser.");

  // Logging out takes the unlocked key and the local inbox; logging in again asks for the passphrase again.
  await logOut(second);
  await expect.poll(() => second.evaluate(() => sessionStorage.getItem("messaging-key"))).toBeNull();
  await open(second, "/en/login");
  await logInHere(second, "admin");
  await open(second, "/en/inbox");
  await expect(second.getByTestId("messaging-unlock")).toBeVisible();
  await unlock(second, passphrase);
  await expect(second.getByTestId("message-text").first()).toHaveText(text);
  await expect(second.getByTestId("message")).toHaveCount(2);

  await visitor.context().close();
  await first.context().close();
  await second.context().close();
});

test("a message sent to a browser's own key before the change stays readable there and is carried over", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // The member's browser key, which messages went to before messaging keys.
  const oldSecret = generateSecretKey();
  const oldKey = getPublicKey(oldSecret);
  const connection = await openDatabase(`file:${path.join(site.dataDir, "daftar.db")}`);
  await connection.db.update(users).set({ pub: oldKey }).where(eq(users.userName, "member"));
  connection.client.close();
  const { chatRumor, wrapFor } = await import("~/keys/direct-messages");
  const { keySigner } = await import("~/keys/signer");
  const { powDifficulty } = (await (await fetch(`${site.url}/api/nostr/contact`)).json()) as { powDifficulty: number };
  const writer = keySigner(bytesToHex(generateSecretKey()));
  const before = "Written before messaging keys — پیش از کلید پیام‌رسانی نوشته شد.";
  const { Relay } = await import("nostr-tools/relay");
  const relay = await Relay.connect(`${site.url.replace(/^http/, "ws")}/relay`);
  await relay.publish(
    await wrapFor(writer, chatRumor(writer.pubkey, [oldKey], before, { name: "Old Friend" }), oldKey, powDifficulty),
  );
  relay.close();

  // The browser that holds the old key reads it, before any messaging key exists.
  const old = await signIn(browser, "member", (page) =>
    page.evaluate(
      ({ secret, pub }) => {
        localStorage.setItem("device-priv", secret);
        localStorage.setItem(
          "profile",
          JSON.stringify({
            firstName: "",
            lastName: "",
            displayName: "Old laptop",
            about: "",
            pub,
            deviceName: "Old laptop",
          }),
        );
      },
      { secret: bytesToHex(oldSecret), pub: oldKey },
    ),
  );
  await open(old, "/en/inbox");
  await expect(old.getByTestId("message-text")).toHaveText(before);
  await expect(old.getByTestId("messaging-setup")).toBeVisible();
  // The member makes the messaging key there: what the old key read is copied to it.
  const setup = old.getByTestId("messaging-setup");
  await setup.getByLabel("Messaging passphrase").fill(passphrase);
  await setup.getByLabel("The passphrase again").fill(passphrase);
  await setup.getByTestId("messaging-create").click();
  await expect(old.getByTestId("inbox-copied")).toHaveText("1 older messages were copied to your messaging key.");
  await expect(old.getByTestId("message")).toHaveCount(1);

  // A new browser reads it too, once unlocked.
  const fresh = await signIn(browser, "member");
  await open(fresh, "/en/inbox");
  await unlock(fresh, passphrase);
  await expect(fresh.getByTestId("message-text")).toHaveText(before);
  await expect(fresh.getByTestId("inbox-thread")).toContainText("Old Friend");

  // Coming back to the old browser copies nothing twice.
  await reload(old);
  await expect(old.getByTestId("message")).toHaveCount(1);
  await expect(old.getByTestId("inbox-copied")).toHaveCount(0);

  // The member writes to the site's owner from the new browser, with the messaging key: their own copy is
  // read on the old browser too (and the owner's answer will come to that key).
  await open(fresh, "/en/contact");
  await fresh.getByTestId("contact").scrollIntoViewIfNeeded();
  await fresh.getByTestId("contact-message").fill("Written from my new browser");
  await fresh.getByTestId("contact-send").click();
  await expect(fresh.getByTestId("message")).toHaveAttribute("data-status", "Sent");
  await open(old, "/en/contact");
  await old.getByTestId("contact").scrollIntoViewIfNeeded();
  await expect(old.getByTestId("message-text")).toHaveText("Written from my new browser");
  await old.context().close();
  await fresh.context().close();
});

test("the messaging key's panels in both languages, both colour modes, on a desktop and a phone", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const phone = { width: 390, height: 844 };
  const desktop = { width: 1366, height: 900 };
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const problems: string[] = [];
  const setUpPage = await signIn(browser, "editor");
  const combos = (["en", "fa"] as const).flatMap((locale) =>
    (["light", "dark"] as const).flatMap((scheme) =>
      (
        [
          ["desktop", desktop],
          ["phone", phone],
        ] as const
      ).map(([size, viewport]) => ({ locale, scheme, size, viewport })),
    ),
  );
  const inboxPath = (locale: "en" | "fa") => (locale === "en" ? "/en/inbox" : "/inbox");
  for (const { locale, scheme, size, viewport } of combos) {
    await setUpPage.emulateMedia({ colorScheme: scheme });
    await setUpPage.setViewportSize(viewport);
    await open(setUpPage, inboxPath(locale));
    await expect(setUpPage.getByTestId("messaging-setup")).toBeVisible();
    await snap(setUpPage, `messaging-setup-${locale}-${scheme}-${size}`);
    if (size === "phone" && (await overflow(setUpPage)) > 0) problems.push(`setup overflows: ${locale}-${scheme}`);
  }
  // Made in Persian, on a phone.
  const setup = setUpPage.getByTestId("messaging-setup");
  await setup.locator('input[name="messaging-passphrase"]').fill(passphrase);
  await setup.locator('input[name="messaging-passphrase-again"]').fill(passphrase);
  await setup.getByTestId("messaging-create").click();
  await expect(setUpPage.getByTestId("messaging-setup")).toHaveCount(0);

  const unlockPage = await signIn(browser, "editor");
  for (const { locale, scheme, size, viewport } of combos) {
    await unlockPage.emulateMedia({ colorScheme: scheme });
    await unlockPage.setViewportSize(viewport);
    await open(unlockPage, inboxPath(locale));
    const panel = unlockPage.getByTestId("messaging-unlock");
    await expect(panel).toBeVisible();
    await panel.locator('input[name="messaging-passphrase"]').fill("wrong passphrase");
    await panel.getByTestId("messaging-unlock-submit").click();
    await expect(panel.getByTestId("field-error")).toBeVisible();
    await snap(unlockPage, `messaging-unlock-${locale}-${scheme}-${size}`);
    if (size === "phone" && (await overflow(unlockPage)) > 0) problems.push(`unlock overflows: ${locale}-${scheme}`);
  }
  // The question before a new key, in Persian on a phone.
  await unlockPage.getByTestId("messaging-forgot").click();
  await expect(unlockPage.getByTestId("messaging-replace-dialog")).toBeVisible();
  await snap(unlockPage, "messaging-replace-fa-dark-phone");
  expect(problems).toEqual([]);
  await setUpPage.context().close();
  await unlockPage.context().close();
});
