import { test as base } from "@playwright/test";
import { composeMessage } from "~/mail/compose.server";
import type { TestSmtpServer } from "../helpers/smtp-server";
import { startMailSite, type MailSite } from "../helpers/mail-site";
import { expect, open, signedInPage, snap, watchBrowserProblems } from "./fixtures";

/**
 * An anonymous reader hears about their comment by e-mail: they leave an address beside it, confirm it from the
 * one message it gets, and are told when a moderator approves the comment. The site sends through the test's own
 * SMTP server (SMTP_URL). Also the form and the messages, drawn for screenshots.
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
});

/** The next message to `to` from index `from` on, waiting for it. */
async function nextTo(smtp: TestSmtpServer, to: string, from: number) {
  for (let index = from; ; index++) {
    const message = await smtp.nextMessage(index, 60_000);
    if (!Array.isArray(message.to) && message.to?.text === to) return message;
  }
}

test("an anonymous reader leaves an address, confirms it from the message, and is told of the approval", async ({
  browser,
  mailSite,
}) => {
  test.setTimeout(240_000);
  const { site, smtp } = mailSite;
  const reader = await (await browser.newContext({ baseURL: site.url })).newPage();
  const problems = watchBrowserProblems(reader);
  await open(reader, "/en/notes/learning-slowly");
  await reader.getByTestId("comments").scrollIntoViewIfNeeded();
  await expect(reader.getByTestId("comments-section")).toBeVisible();
  const body = `Tell a stranger when this is approved ${Date.now()}`;
  const from = smtp.received.length;
  await reader.getByLabel("E-mail me when it is approved or answered").fill("not an address");
  const textarea = reader.getByTestId("comments").getByRole("textbox", { name: /comment/i });
  await textarea.fill(body);
  await textarea.press("Enter");
  await expect(reader.getByTestId("comment-notify-email-error")).toBeVisible();
  await reader.getByTestId("comment-notify-email").fill("stranger@example.test");
  await textarea.press("Enter");
  await expect(reader.getByTestId("comment").filter({ hasText: body }).getByTestId("awaiting")).toBeVisible();

  // One confirmation, in the page's language; the page itself never shows the address.
  const confirmation = await nextTo(smtp, "stranger@example.test", from);
  expect(confirmation.subject).toBe("Confirm your address for comment notices at Daftar");
  const link = confirmation.text?.match(/http:\/\/\S+\/en\/confirm-email\/comments\?token=[\w.-]+/)?.[0];
  expect(link).toBeTruthy();
  await reader.reload();
  expect(await reader.content()).not.toContain("stranger@example.test");

  await open(reader, new URL(link!).pathname + new URL(link!).search);
  await expect(reader.getByText("stranger@example.test")).toBeVisible();
  await snap(reader, "commenter-confirm-en");
  await reader.getByTestId("commenter-confirm").click();
  await expect(reader.getByTestId("commenter-confirmed")).toBeVisible();

  // A moderator approves it in the dashboard: the reader is told, with a link to stop these notices.
  const moderator = await signedInPage(browser, site.url, "moderator");
  await open(moderator, "/en/manage/comments");
  const row = moderator.getByTestId("moderation-row").filter({ hasText: body });
  await row.getByTestId("action-approved").click();
  await expect(row).toHaveCount(0);
  const approved = await nextTo(smtp, "stranger@example.test", from + 1);
  expect(approved.subject).toBe("Your comment at Daftar was approved");
  expect(approved.text).toMatch(/\/en\/notes\/learning-slowly#comment-\d+/);
  const unsubscribe = (approved.headers.get("list") as { unsubscribe: { url: string } }).unsubscribe.url;
  expect(approved.text).toContain(unsubscribe);
  await reader.goto(unsubscribe);
  await expect(reader.getByText("stranger@example.test")).toBeVisible();
  // A cross-site POST is refused; the mail program's one-click POST (no cookie, no Origin) forgets the address.
  const post = (headers: Record<string, string>) =>
    fetch(unsubscribe, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: "List-Unsubscribe=One-Click",
    });
  expect((await post({ origin: "https://elsewhere.example" })).status).toBe(403);
  expect((await post({})).status).toBe(200);
  await reader.reload();
  await expect(reader.getByText("You are not subscribed to this any more.")).toBeVisible();
  expect(problems, "errors in the browser").toEqual([]);
});

test("screenshots: the comment form with its address field and the confirmation message, Persian and English", async ({
  browser,
  mailSite,
}) => {
  const page = await (await browser.newContext({ baseURL: mailSite.site.url })).newPage();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const locale of ["fa", "en"] as const) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await open(page, `${locale === "en" ? "/en" : ""}/notes/learning-slowly`);
        await page.getByTestId("comments").scrollIntoViewIfNeeded();
        const form = page.getByTestId("comment-form");
        await expect(form).toBeVisible();
        await form.screenshot({ path: `test-results/screenshots/commenter-form-${locale}-${scheme}-${width}.png` });
      }
    }
  }
  for (const locale of ["fa", "en"] as const) {
    const message = await composeMessage(locale, locale === "fa" ? "دفتر" : "Daftar", {
      kind: "commenterConfirm",
      link: "https://daftar.test/confirm-email/comments?token=1.2.x",
      hours: 48,
    });
    await page.setViewportSize({ width: 800, height: 900 });
    await page.setContent(message.html);
    await snap(page, `mail-commenter-confirm-${locale}`);
  }
});
