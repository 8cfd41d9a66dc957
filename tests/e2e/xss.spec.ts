/**
 * Script injection through every place people write: comments and their authors' names, account names and
 * about, role names, page content and front matter, search queries. Each payload is written the way people
 * write it (the API, the import of content), then every screen that shows it is opened in Chromium: nothing may
 * run (no dialog, no marker set), no live markup may come through (no event-handler attribute, no javascript:
 * link, no frame), and the Content Security Policy is never the one that stopped it (the fixture fails a test
 * on any CSP violation). Addresses in front matter (a thumbnail) are refused when the file is read
 * (tests/unit/front-matter.test.ts).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { frontMatterSchema } from "~/content/front-matter";
import { importContent } from "~/content/import.server";
import { openDatabase } from "~/db/client.server";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite, type SiteProcess } from "../helpers/site-process";
import { test as base, expect, open } from "./fixtures";

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
      const dataDir = mkdtempSync(path.join(tmpdir(), "daftar-xss-"));
      const url = `file:${path.join(dataDir, "daftar.db")}`;
      await seedDatabaseAt(url);
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
      const site = await startSite({ DATA_DIR: dataDir });
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
    for (const script of document.querySelectorAll("script")) {
      if (!script.nonce && !script.src && script.type !== "application/ld+json")
        problems.push("inline script without nonce");
    }
    return problems;
  });
  expect(found).toEqual([]);
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
  await expect(page.getByTestId("editor-state")).toContainText("در بستهٔ باز ذخیره شده");
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
