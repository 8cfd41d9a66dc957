/**
 * Script injection through every place people write: comments and their authors' names, account names and
 * about, role names, page content and front matter, search queries, the site's settings (its names, title,
 * description, footer and moderation words), category names, encrypted messages and their writers' names, an
 * image's file name and alt text (and a profile picture, which carries no text at all).
 * Each payload is written the way people
 * write it (the API, the import of content), then every screen that shows it is opened in Chromium: nothing may
 * run (no dialog, no marker set), no live markup may come through (no event-handler attribute, no javascript:
 * link, no frame), and the Content Security Policy is never the one that stopped it (the fixture fails a test
 * on any CSP violation). Addresses in front matter (a thumbnail) are refused when the file is read
 * (tests/unit/front-matter.test.ts).
 */
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { generateSecretKey, getPublicKey } from "nostr-tools/pure";
import { Relay } from "nostr-tools/relay";
import { bytesToHex } from "nostr-tools/utils";
import sharp from "sharp";
import { frontMatterSchema } from "~/content/front-matter";
import { importContent } from "~/content/import.server";
import { openDatabase } from "~/db/client.server";
import { users } from "~/db/schema";
import { chatRumor, wrapFor } from "~/keys/direct-messages";
import { keySigner } from "~/keys/signer";
import type { SiteProcess } from "../helpers/site-process";
import { test as base, expect, forgetRelayQuotas, open, savePage } from "./fixtures";
import { startSeededSite } from "../helpers/seeded-site";

/** Each payload, if it ran, would set window.__xss or open a dialog. Short enough for a 50-character name. */
const payloads = [
  "<script>window.__xss=1</script>",
  "<img src=x onerror=window.__xss=1>",
  "<svg onload=window.__xss=1>",
  '"><iframe srcdoc="<b>x</b>">',
  "</script><script>window.__xss=1</script>",
  "<a href=javascript:window.__xss=1>x</a>",
  "<details open ontoggle=alert(1)>",
  "{{constructor.constructor('alert(1)')()}}",
  "\u2028\u2029<!--<script>",
  "' onmouseover='alert(1)' x='",
];

/** Markdown only: links, images and raw HTML as a malicious editor would write them. */
const markdownPayloads = [
  "[click](javascript:window.__xss=1)",
  "[click](JaVaScRiPt:window.__xss=1)",
  "![x](javascript:window.__xss=1)",
  '<a href="javascript:window.__xss=1">raw link</a>',
  '<img src="x" onerror="window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
  "<style>body{display:none}</style>",
  '<object data="data:text/html,<script>parent.__xss=1</script>"></object>',
  "```html\n<script>window.__xss=1</script>\n```",
];

const hostilePage = "/notes/hostile-writing";

const test = base.extend<object, { hostileSite: SiteProcess }>({
  hostileSite: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = await startSeededSite({}, async (url) => {
        const connection = await openDatabase(url);
        await importContent(connection.db, [
          {
            locale: "fa",
            path: hostilePage,
            frontMatter: frontMatterSchema.parse({
              title: `Hostile ${payloads[0]}`,
              description: payloads[1],
              category: "notes",
              date: "2026-01-01",
              tags: [payloads[2], payloads[4]],
              author: payloads[5],
              comments: true,
              toc: true,
            }),
            body: [`## ${payloads[1]}`, ...payloads, ...markdownPayloads].join("\n\n"),
          },
        ]);
        connection.client.close();
      });
      await use(site);
      await site.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ hostileSite }, use) => use(hostileSite.url),
});

/** Signs a browser-like API client in. */
async function signIn(request: APIRequestContext, origin: string, userName: string) {
  const answer = await request.post("/api/auth/login", {
    headers: { origin },
    data: { userName, password: "password123" },
  });
  expect(answer.status()).toBe(200);
}

/** What would show that something ran or live markup came through. */
async function expectInert(page: Page) {
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    if ((window as { __xss?: unknown }).__xss !== undefined) problems.push("window.__xss was set");
    for (const element of document.querySelectorAll("*")) {
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) problems.push(`<${element.localName} ${attribute.name}>`);
        if (/^\s*javascript:/i.test(attribute.value))
          problems.push(`<${element.localName} ${attribute.name}=javascript:>`);
      }
    }
    for (const element of document.querySelectorAll("iframe, object, embed, form[action^='javascript'], body style")) {
      problems.push(`<${element.localName}> in the page`);
    }
    return problems;
  });
  expect(found).toEqual([]);
  // Every inline script is one the page's own code wrote: it carries the answer's nonce or, in a document kept
  // for anonymous visitors (the same bytes for everyone), its hash is in the kept document's policy.
  const unnonced = await page.evaluate(async () => {
    const hashes: string[] = [];
    for (const script of document.querySelectorAll("script")) {
      if (script.nonce || script.src || script.type === "application/ld+json") continue;
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script.textContent ?? ""));
      hashes.push(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
    }
    return hashes;
  });
  if (unnonced.length) {
    const policy = (await page.request.get(page.url())).headers()["content-security-policy"] ?? "";
    for (const hash of unnonced)
      expect(policy, "inline script neither with the nonce nor named by hash").toContain(hash);
  }
}

test.beforeEach(({ page }) => {
  page.on("dialog", (dialog) => {
    throw new Error(`a script opened a dialog: ${dialog.message()}`);
  });
});

test("page content and front matter from a malicious editor stay text", async ({ page }) => {
  await open(page, hostilePage);
  await expect(page.locator("article")).toContainText("window.__xss=1");
  await expectInert(page);
  await open(page, "/notes");
  await expectInert(page);
});

test("comments, names, about and role names stay text on every screen that shows them", async ({
  page,
  hostileSite,
}) => {
  const origin = hostileSite.url;
  const request = page.request;
  // A member writes a comment per payload; the administrator approves them.
  await signIn(request, origin, "member");
  await request.put("/api/users/update-profile", {
    headers: { origin },
    data: { firstName: payloads[1], lastName: payloads[2], about: payloads.join(" ").slice(0, 300) },
  });
  const ids: number[] = [];
  for (const payload of payloads) {
    const answer = await request.post("/api/comments/new", {
      headers: { origin },
      data: { routePath: hostilePage, commentBody: `Comment ${payload}` },
    });
    expect(answer.status(), payload).toBe(201);
    ids.push(((await answer.json()) as { comment: { id: number } }).comment.id);
  }
  await signIn(request, origin, "admin");
  for (const payload of payloads.slice(0, 5)) {
    const answer = await request.post("/api/roles/new", {
      headers: { origin },
      data: { name: payload.slice(0, 40), description: payload, permissions: ["dashboard.read"] },
    });
    expect(answer.status(), payload).toBeLessThan(500);
  }
  const approved = await request.post("/api/comments/moderate", {
    headers: { origin },
    data: { ids: ids.slice(0, ids.length / 2), newStatus: "approved" },
  });
  expect(approved.status()).toBe(200);

  for (const screen of [hostilePage, `${hostilePage}#comments`, "/manage/comments", "/manage/users", "/profile"]) {
    await open(page, screen);
    await expectInert(page);
  }
  // The payloads are shown as the text they are: approved ones on the page, the rest in the moderation queue.
  await open(page, hostilePage);
  await page.locator("#comments").scrollIntoViewIfNeeded();
  await expect(page.getByText(`Comment ${payloads[0]}`).first()).toBeVisible();
  await expectInert(page);
  await open(page, "/manage/comments");
  await expect(page.getByText(`Comment ${payloads.at(-1)}`).first()).toBeVisible();
});

test("what visitors send to the visit log stays text on the dashboard", async ({ page, hostileSite }) => {
  // The identity's name (a cookie anyone can set), the campaign of a link and the referring address.
  for (const [i, payload] of payloads.entries()) {
    const answer = await fetch(`${hostileSite.url}${hostilePage}?utm_source=${encodeURIComponent(payload)}`, {
      headers: {
        cookie: `visitor-name=${encodeURIComponent(payload)}`,
        "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
        referer: i % 2 ? `https://${encodeURIComponent(payload)}.example/` : "",
      },
    });
    expect(answer.status, payload).toBe(200);
  }
  await signIn(page.request, hostileSite.url, "admin");
  await expect
    .poll(async () => {
      await open(page, "/en/manage");
      return page.getByTestId("recent-views").textContent();
    })
    .toContain("<script>");
  await expectInert(page);
  // The views are written in batches: the last referrers may arrive a moment after the first views.
  await expect
    .poll(async () => {
      await open(page, "/en/manage");
      return page.getByTestId("top-referrers").textContent();
    })
    .toContain("<img");
  await expectInert(page);
  await open(page, `/en/manage?pageRoute=${encodeURIComponent(hostilePage)}`);
  await expectInert(page);
});

test("search queries and their results stay text", async ({ page }) => {
  await open(page, "/");
  // Words of the hostile page find it, so its title and excerpt (with the matches marked) are drawn too.
  for (const query of [...payloads.slice(0, 4), "Hostile script", "__xss onerror"]) {
    await page.getByTestId("search-button").click();
    await page.getByTestId("search-input").fill(query);
    await page.waitForTimeout(500);
    await expectInert(page);
    await page.keyboard.press("Escape");
  }
  await page.getByTestId("search-button").click();
  await page.getByTestId("search-input").fill("Hostile");
  await expect(page.getByTestId("search-results").getByRole("option").first()).toContainText("<script>");
});

test("the site's settings and category names stay text on every page that shows them", async ({
  page,
  hostileSite,
}) => {
  const origin = hostileSite.url;
  const request = page.request;
  await signIn(request, origin, "admin");
  const { version } = (await (await request.get("/api/settings")).json()) as { version: number };
  const saved = await request.put("/api/settings", {
    headers: { origin },
    data: {
      version,
      siteNameFa: payloads[0],
      siteNameEn: payloads[1],
      titleFa: payloads[2],
      titleEn: payloads[3],
      descriptionFa: payloads[4],
      descriptionEn: payloads[5],
      footerFa: payloads[6],
      footerEn: payloads[9],
      commentsModerationWords: payloads,
    },
  });
  expect(saved.status()).toBe(200);
  for (const [i, payload] of payloads.slice(0, 4).entries()) {
    const answer = await request.post("/api/categories/new", {
      headers: { origin },
      data: { slug: `hostile-${i}`, nameFa: payload.slice(0, 40), nameEn: payload.slice(0, 40) },
    });
    expect(answer.status(), payload).toBe(201);
  }
  const member = (await (await request.get("/api/users/all?q=member")).json()) as { users: { id: number }[] };
  await request.put("/api/users/update", {
    headers: { origin },
    data: { userId: member.users[0]!.id, firstName: payloads[1], lastName: payloads[2], about: payloads[3], email: "" },
  });

  for (const screen of [
    "/",
    "/en",
    "/notes",
    "/en/hostile-0",
    "/logs",
    "/manage/settings",
    "/manage/items",
    "/manage/items/category",
    "/manage/users",
  ]) {
    await open(page, screen);
    await expectInert(page);
  }
  // Shown as the text they are.
  await open(page, "/en");
  await expect(page.getByTestId("site-name")).toContainText(payloads[1]!);
  await expect(page.getByTestId("footer-text")).toHaveText(payloads[9]!);
  await expect(page).toHaveTitle(new RegExp(`^${payloads[1]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
});

test("encrypted messages and the names their writers give stay text in the inbox", async ({ page, hostileSite }) => {
  const origin = hostileSite.url;
  // The administrator's browser holds the account's key.
  const ownerSecret = generateSecretKey();
  const ownerKey = getPublicKey(ownerSecret);
  const connection = await openDatabase(`file:${path.join(hostileSite.dataDir, "daftar.db")}`);
  await connection.db.update(users).set({ pub: ownerKey }).where(eq(users.userName, "admin"));
  connection.client.close();
  await forgetRelayQuotas(hostileSite);
  // Strangers write, each message and each name a payload, with the proof of work the relay asks of them.
  const { powDifficulty } = (await (await fetch(`${origin}/api/nostr/contact`)).json()) as { powDifficulty: number };
  const relay = await Relay.connect(`${origin.replace(/^http/, "ws")}/relay`);
  for (const payload of payloads) {
    const writer = generateSecretKey();
    const signer = keySigner(bytesToHex(writer));
    const rumor = chatRumor(signer.pubkey, [ownerKey], `Message ${payload}`, { name: payload, subject: payload });
    await relay.publish(await wrapFor(signer, rumor, ownerKey, powDifficulty));
  }
  relay.close();
  await open(page, "/en/login");
  await page.evaluate(
    ({ secret, pub }) => {
      localStorage.setItem("device-priv", secret);
      localStorage.setItem(
        "profile",
        JSON.stringify({ firstName: "", lastName: "", displayName: "x", about: "", pub, deviceName: "x" }),
      );
    },
    { secret: bytesToHex(ownerSecret), pub: ownerKey },
  );
  await signIn(page.request, origin, "admin");
  await open(page, "/en/inbox");
  await expect(page.getByTestId("inbox-thread")).toHaveCount(payloads.length);
  for (const thread of await page.getByTestId("inbox-thread").all()) {
    await thread.click();
    await expectInert(page);
  }
  await expect(page.getByTestId("message-text").first()).toContainText("Message ");
});

test("the editor, its preview, the builds screen's diff and the published result keep a malicious page inert", async ({
  page,
  hostileSite,
}) => {
  await signIn(page.request, hostileSite.url, "admin");
  // The editor opens the page: its text is the editor's document, nothing runs.
  await open(page, `/manage/editor/fa${hostilePage}`);
  await page.getByTestId("rich-editor").waitFor();
  await expect(page.getByTestId("rich-editor")).toContainText("window.__xss=1");
  await expectInert(page);
  // The preview is the site's own renderer, sanitised like the page.
  await page.getByTestId("mode-preview").click();
  await expect(page.getByTestId("preview")).toContainText("window.__xss=1");
  await expectInert(page);
  // A title written with payloads, saved into the open build; the diff shows it as text.
  await page.getByTestId("mode-write").click();
  await page.getByTestId("title-input").fill(`Hostile again ${payloads[1]} ${payloads[3]}`);
  await page.getByTestId("save").click();
  await expect(page.getByTestId("editor-state")).toContainText("ذخیره شده، منتشرنشده");
  await expectInert(page);
  await open(page, "/manage/builds");
  await page.getByTestId("show-diff").first().click();
  await expect(page.getByTestId("commit-diff")).toContainText("onerror");
  await expectInert(page);
  // Published, the page is as inert as before.
  await page.getByTestId("publish").click();
  await page.getByTestId("publish-confirm").click();
  await expect(page.locator('[data-testid="build"][data-status="published"]').first()).toBeVisible({ timeout: 30_000 });
  await open(page, hostilePage);
  await expect(page.locator("article h1")).toContainText("Hostile again");
  await expectInert(page);
});

/** A small PNG of its own colour: each upload is a different picture (the same bytes would be one file). */
function png(i: number): Promise<Buffer> {
  return sharp({ create: { width: 64 + i, height: 40, channels: 3, background: { r: 20 * i, g: 90, b: 160 } } })
    .png()
    .toBuffer();
}

test("an image's file name and alt text stay text in the editor, the media list, the builds diff and the page", async ({
  page,
  hostileSite,
}) => {
  const origin = hostileSite.url;
  const request = page.request;
  await signIn(request, origin, "admin");
  // Each payload is an uploaded file's name, and the alt text of an image in a page.
  const urls: string[] = [];
  for (const [i, payload] of payloads.entries()) {
    const answer = await request.post(`/api/media/upload?name=${encodeURIComponent(payload)}`, {
      headers: { origin, "content-type": "application/octet-stream" },
      data: await png(i),
    });
    expect(answer.status(), payload).toBe(201);
    const { url } = (await answer.json()) as { url: string };
    expect(url, payload).toMatch(/^\/media\/[0-9a-f]{16}-[\p{L}\p{N}_-]+\.png$/u);
    urls.push(url);
  }
  const pagePath = "/notes/hostile-images";
  await savePage(request, origin, {
    locale: "fa",
    path: pagePath,
    title: `Images ${payloads[1]}`,
    markdown: payloads.map((payload, i) => `![${payload}](${urls[i]})`).join("\n\n"),
    frontMatter: { thumbnail: urls[0] },
  });

  // The editor holds each image with its description as an attribute's value.
  await open(page, `/manage/editor/fa${pagePath}`);
  const images = page.getByTestId("rich-editor").locator("img:not(.ProseMirror-separator)");
  await expect(images).toHaveCount(payloads.length);
  await expect(images.nth(1)).toHaveAttribute("alt", payloads[1]!);
  await expectInert(page);
  // The media list and the builds screen (commit messages name the files as uploaded; each diff opened).
  await open(page, "/manage/items/media");
  await expect(page.getByTestId("media-row")).toHaveCount(payloads.length);
  await expectInert(page);
  await open(page, "/manage/builds");
  const openBuild = page.locator('[data-testid="build"][data-status="open"]');
  await expect(openBuild).toContainText(payloads[0]!);
  for (const show of await openBuild.getByTestId("show-diff").all()) {
    // Opened, and seen open: a click the list's refresh swallowed is made again.
    await expect(async () => {
      if ((await show.getAttribute("aria-expanded")) !== "true") await show.click();
      await expect(show).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 });
    }).toPass();
  }
  await expect(openBuild.getByTestId("commit-diff")).toHaveCount(payloads.length + 1);
  await expect(openBuild.getByTestId("commit-diff").filter({ hasText: "onerror" })).toHaveCount(1);
  await expectInert(page);

  // Published: the page's pictures (the thumbnail too) carry the descriptions as their alt text, nothing more.
  const { builds } = (await (await request.get("/api/builds/all")).json()) as {
    builds: { id: number; status: string }[];
  };
  const published = await request.post("/api/builds/run", {
    headers: { origin },
    data: { buildId: builds.find((build) => build.status === "open")!.id },
  });
  expect(published.status()).toBe(200);
  await open(page, pagePath);
  const pictures = page.locator("article picture img");
  await expect(pictures).toHaveCount(payloads.length + 1);
  await expect(page.locator("article .prose picture img").nth(1)).toHaveAttribute("alt", payloads[1]!);
  await expectInert(page);
  await open(page, "/manage/items/media");
  await expect(page.getByTestId("media-used-in").first()).toContainText("Images <img");
  await expectInert(page);
});

test("a profile picture carries no text: only its key reaches the page", async ({ page, hostileSite }) => {
  const origin = hostileSite.url;
  const request = page.request;
  await signIn(request, origin, "member");
  // A name in the address is not read; an SVG with a script is refused outright.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"><script>window.__xss=1</script></svg>`;
  const refused = await request.put(`/api/users/avatar?name=${encodeURIComponent(payloads[0]!)}`, {
    headers: { origin, "content-type": "image/svg+xml" },
    data: Buffer.from(svg),
  });
  expect(refused.status()).toBe(400);
  const answer = await request.put(`/api/users/avatar?name=${encodeURIComponent(payloads[1]!)}`, {
    headers: { origin, "content-type": "application/octet-stream" },
    data: await png(3),
  });
  expect(answer.status()).toBe(200);
  const { avatar } = (await answer.json()) as { avatar: unknown };
  expect(avatar).toMatch(/^[0-9a-f]{16}$/);
  await open(page, "/profile");
  const pictures = page.getByTestId("avatar-image");
  await expect(pictures.first()).toBeVisible();
  for (const picture of await pictures.all()) {
    // The image service's address of the key, at one of its sizes; no description, nothing else from anyone.
    expect(await picture.getAttribute("src")).toMatch(/^\/img\/[0-9a-f]{16}\/\d+\.webp$/);
    expect(await picture.getAttribute("alt")).toBe("");
  }
  await expectInert(page);
});
