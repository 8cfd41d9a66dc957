/**
 * The Nostr screens as people see them: the contact page with a conversation, the member's inbox and the
 * profile's Nostr panel, in Persian and English, light and dark, on a desktop and a phone. Screenshots go to
 * test-results/screenshots/; each screen must not overflow a phone's width and axe must find nothing.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import path from "node:path";
import { eq } from "drizzle-orm";
import { finalizeEvent, generateSecretKey, getPublicKey } from "nostr-tools/pure";
import { Relay } from "nostr-tools/relay";
import { bytesToHex } from "nostr-tools/utils";
import { openDatabase } from "~/db/client.server";
import { users } from "~/db/schema";
import { expect, forgetRelayQuotas, open, snap, test } from "./fixtures";

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function axe(page: Page, scope: string) {
  const results = await new AxeBuilder({ page }).include(scope).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Publishes to the site's relay as `secret`'s key (authenticated, so a member may write to anyone). */
async function publishAs(url: string, secret: Uint8Array, event: Parameters<Relay["publish"]>[0]) {
  const relay = new Relay(`${url.replace(/^http/, "ws")}/relay`);
  let challenged!: () => void;
  const challenge = new Promise<void>((resolve) => (challenged = resolve));
  relay.onauth = async (template) => {
    challenged();
    return finalizeEvent(template, secret);
  };
  await relay.connect();
  await challenge;
  await relay.auth(relay.onauth);
  await relay.publish(event);
  relay.close();
}

test("contact page, inbox and profile in both languages, both colour modes, desktop and phone", async ({
  browser,
  site,
}) => {
  test.setTimeout(240_000);
  await forgetRelayQuotas(site);
  const ownerSecret = generateSecretKey();
  const ownerKey = getPublicKey(ownerSecret);
  const connection = await openDatabase(`file:${path.join(site.dataDir, "daftar.db")}`);
  await connection.db
    .update(users)
    .set({ pub: ownerKey, lightningAddress: "ava@wallet.example" })
    .where(eq(users.userName, "admin"));
  connection.client.close();

  // Two other people have written to the owner, as visitors do: with the proof of work the relay asks of them.
  const { powDifficulty } = (await (await fetch(`${site.url}/api/nostr/contact`)).json()) as { powDifficulty: number };
  for (const [name, text] of [
    ["Curious Otter", "Loved the note on git bisect. Do you have one on rebase too?"],
    ["گربهٔ کنجکاو", "سلام! نوشتهٔ «آهسته آموختن» را خواندم و خیلی به دلم نشست. ممنون."],
  ] as const) {
    const writer = generateSecretKey();
    // Written as the contact page writes: with the name the writer goes by.
    const { chatRumor, wrapFor } = await import("~/keys/direct-messages");
    const { keySigner } = await import("~/keys/signer");
    const signer = keySigner(bytesToHex(writer));
    const rumor = chatRumor(signer.pubkey, [ownerKey], text, { name });
    await publishAs(site.url, writer, await wrapFor(signer, rumor, ownerKey, powDifficulty));
  }

  // A visitor writes from the contact page and gets an answer.
  const visitor = await (await browser.newContext({ baseURL: site.url })).newPage();
  await open(visitor, "/en/contact");
  await visitor.getByTestId("contact").scrollIntoViewIfNeeded();
  await visitor.getByTestId("contact-message").fill("Hello! Is the bisect example on GitHub somewhere?");
  await visitor.getByTestId("contact-send").click();
  await expect(visitor.getByTestId("message")).toHaveAttribute("data-status", "Sent");
  const visitorKey = await visitor.evaluate(
    () => (JSON.parse(localStorage.getItem("profile") ?? "{}") as { pub: string }).pub,
  );
  const { chatRumor, wrapFor } = await import("~/keys/direct-messages");
  const { keySigner } = await import("~/keys/signer");
  const ownerSigner = keySigner(bytesToHex(ownerSecret));
  const answer = chatRumor(ownerKey, [visitorKey], "Yes: it is linked at the end of the post. Thanks for reading!", {
    name: "Ava Admin",
  });
  await publishAs(site.url, ownerSecret, await wrapFor(ownerSigner, answer, visitorKey));
  await expect(visitor.getByTestId("message")).toHaveCount(2);

  // The owner's browser holds their key; they sign in.
  const ownerContext = await browser.newContext({ baseURL: site.url });
  const owner = await ownerContext.newPage();
  await open(owner, "/en/login");
  await owner.evaluate(
    ({ secret, pub }) => {
      localStorage.setItem("device-priv", secret);
      localStorage.setItem(
        "profile",
        JSON.stringify({ firstName: "", lastName: "", displayName: "Laptop", about: "", pub, deviceName: "Laptop" }),
      );
    },
    { secret: bytesToHex(ownerSecret), pub: ownerKey },
  );
  const login = await owner.request.post("/api/auth/login", {
    data: { userName: "admin", password: "password123" },
    headers: { origin: site.url },
  });
  expect(login.status()).toBe(200);

  const problems: string[] = [];
  for (const [locale, prefix] of [
    ["en", "/en"],
    ["fa", ""],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      for (const [size, viewport] of [
        ["desktop", desktop],
        ["phone", phone],
      ] as const) {
        const tag = `${locale}-${scheme}-${size}`;
        for (const page of [visitor, owner]) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.setViewportSize(viewport);
        }
        await open(visitor, `${prefix}/contact`);
        await visitor.getByTestId("contact").scrollIntoViewIfNeeded();
        await expect(visitor.getByTestId("message")).toHaveCount(2);
        await visitor.getByTestId("contact").screenshot({ path: `test-results/screenshots/nostr-contact-${tag}.png` });
        if (size === "phone" && (await overflow(visitor)) > 0) problems.push(`contact overflows: ${tag}`);
        if (size === "desktop")
          problems.push(...(await axe(visitor, "[data-testid=contact]")).map((v) => `contact ${tag} ${v}`));

        await open(owner, `${prefix}/inbox`);
        await expect(owner.getByTestId("inbox-thread")).toHaveCount(3);
        await snap(owner, `nostr-inbox-${tag}`);
        if (size === "phone" && (await overflow(owner)) > 0) problems.push(`inbox overflows: ${tag}`);
        if (size === "desktop") problems.push(...(await axe(owner, "main")).map((v) => `inbox ${tag} ${v}`));

        await open(owner, `${prefix}/profile`);
        await owner.getByTestId("nostr-card").scrollIntoViewIfNeeded();
        await owner.getByTestId("nostr-card").screenshot({ path: `test-results/screenshots/nostr-profile-${tag}.png` });
        if (size === "phone" && (await overflow(owner)) > 0) problems.push(`profile overflows: ${tag}`);
        if (size === "desktop")
          problems.push(...(await axe(owner, "[data-testid=nostr-card]")).map((v) => `profile ${tag} ${v}`));
      }
    }
  }
  // The profile shows the member's address here and npub.
  await expect(owner.getByTestId("nostr-identifier")).toHaveText(`admin@${new URL(site.url).host}`);
  await expect(owner.getByTestId("nostr-npub")).toHaveText(/^npub1[0-9a-z]{58}$/);
  expect(problems).toEqual([]);

  // Opening the profile published the member's Nostr profile with their address here and lightning address.
  const relay = await Relay.connect(`${site.url.replace(/^http/, "ws")}/relay`);
  const profiles: { content: string }[] = [];
  await new Promise<void>((resolve) =>
    relay.subscribe([{ kinds: [0], authors: [ownerKey] }], { onevent: (e) => profiles.push(e), oneose: resolve }),
  );
  relay.close();
  expect(profiles.map((e) => JSON.parse(e.content) as Record<string, string>)).toEqual([
    expect.objectContaining({
      name: "Ava Admin",
      nip05: `admin@${new URL(site.url).host}`,
      lud16: "ava@wallet.example",
    }),
  ]);
});
