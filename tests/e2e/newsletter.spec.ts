import { test as base } from "@playwright/test";
import type { BuildSummary } from "~/builds/builds.server";
import { composeMessage } from "~/mail/compose.server";
import { ApiClient } from "../helpers/api-client";
import { pageFields } from "../helpers/front-matter";
import { startMailSite, type MailSite } from "../helpers/mail-site";
import { expect, open, snap, watchBrowserProblems } from "./fixtures";

/**
 * The newsletter in the browser: subscribe from a post's footer, confirm from the received message, get the next
 * post published, and unsubscribe from that message's link in one click; the messages drawn for screenshots.
 */
const test = base.extend<object, { mailSite: MailSite }>({
  mailSite: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const mail = await startMailSite();
      await use(mail);
      await mail.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ mailSite }, use) => use(mailSite.site.url),
  page: async ({ page }, use) => {
    const problems = watchBrowserProblems(page);
    await use(page);
    expect(problems, "errors in the browser").toEqual([]);
  },
});

test("subscribe, confirm from the message, get the next post, unsubscribe in one click", async ({ page, mailSite }) => {
  test.setTimeout(120_000);
  const { site, smtp } = mailSite;
  await open(page, "/en/tuts/git-bisect");
  const form = page.getByTestId("newsletter-form");
  await form.getByLabel("New posts by e-mail").fill("journey@example.test");
  const index = smtp.received.length;
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByTestId("newsletter-sent")).toContainText("Check your inbox");

  const confirmation = await smtp.nextMessage(index);
  const link = confirmation.text?.match(/http:\/\/\S+\/en\/newsletter\/confirm\?token=[\w.-]+/)?.[0];
  expect(link).toBeTruthy();
  await open(page, link!);
  await page.getByTestId("newsletter-confirm").click();
  await expect(page.getByTestId("newsletter-confirmed")).toBeVisible();

  const editor = new ApiClient(site.url);
  await editor.login("editor");
  const saved = await editor.post("/api/builds/commit", {
    action: "save",
    locale: "en",
    path: "/notes/newsletter-e2e",
    frontMatter: pageFields("News for the journey", { date: "2026-11-27", category: "notes" }),
    markdown: "A new post.",
    baseHash: null,
  });
  expect(saved.status).toBeLessThan(300);
  const openBuild = (await editor.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds.find(
    (build) => build.status === "open",
  )!;
  expect((await editor.post("/api/builds/run", { buildId: openBuild.id })).status).toBe(200);
  const post = await smtp.nextMessage(index + 1, 60_000);
  expect(post.subject).toBe("News for the journey — Daftar");
  const unsubscribe = post.text?.match(/http:\/\/\S+\/en\/unsubscribe\?token=[\w~%.:-]+/)?.[0];
  expect(unsubscribe).toBeTruthy();
  await open(page, unsubscribe!);
  await expect(page.getByText("new posts of Daftar in English")).toBeVisible();
  await page.getByTestId("unsubscribe").click();
  await expect(page.getByTestId("unsubscribed")).toBeVisible();
});

test("screenshots: the newsletter's messages in Persian and English", async ({ page }) => {
  for (const locale of ["fa", "en"] as const) {
    const message = await composeMessage(locale, locale === "fa" ? "دفتر" : "Daftar", {
      kind: "newsletter",
      posts: [
        { title: locale === "fa" ? "نوشتهٔ تازه" : "A new post", href: "https://daftar.test/notes/a", description: "" },
        { title: "Git bisect", href: "https://daftar.test/en/tuts/git-bisect", description: "Finding a commit." },
      ],
      unsubscribe: "https://daftar.test/unsubscribe?token=newsletter~1~x",
    });
    for (const width of [390, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await page.setContent(message.html);
      await snap(page, `mail-newsletter-${locale}-${width}`);
    }
  }
});
