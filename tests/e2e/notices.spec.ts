import { eq, inArray } from "drizzle-orm";
import { test as base } from "@playwright/test";
import { users } from "~/db/schema";
import { composeMessage, type MessageSpec } from "~/mail/compose.server";
import type { TestSmtpServer } from "../helpers/smtp-server";
import { startMailSite, type MailSite } from "../helpers/mail-site";
import { expect, open, signedInPage, snap, watchBrowserProblems } from "./fixtures";

/**
 * Notices in the browser: a member comments, the moderators are told by e-mail, a moderator approves it in the
 * dashboard, the member is told and turns those notices off in one click from the message's link; the profile's
 * switches then show it. The site sends through the test's own SMTP server (SMTP_URL).
 */
const test = base.extend<object, { mailSite: MailSite }>({
  mailSite: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const mail = await startMailSite(async (db) => {
        for (const name of ["member", "moderator"]) {
          await db
            .update(users)
            .set({ email: `${name}@example.test`, emailConfirmedAt: new Date() })
            .where(eq(users.userName, name));
        }
        // The other moderator (the admin) has no address: only one moderator is told.
        await db
          .update(users)
          .set({ email: null })
          .where(inArray(users.userName, ["admin"]));
      });
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
    // Generous: a first request warms the server, and the machine may be busy.
    const message = await smtp.nextMessage(index, 60_000);
    if (!Array.isArray(message.to) && message.to?.text === to) return message;
  }
}

test("a member's comment: the moderator is told, approves it, the member is told and stops those notices in one click", async ({
  browser,
  mailSite,
}) => {
  test.setTimeout(240_000);
  const { site, smtp } = mailSite;
  const member = await signedInPage(browser, site.url, "member");
  const problems = watchBrowserProblems(member);
  await open(member, "/en/notes/learning-slowly");
  await member.getByTestId("comments").scrollIntoViewIfNeeded();
  await expect(member.getByTestId("comments-section")).toBeVisible();
  const body = `Tell me when this is approved ${Date.now()}`;
  const from = smtp.received.length;
  const textarea = member.getByTestId("comments").getByRole("textbox");
  await textarea.fill(body);
  await textarea.press("Enter");
  await expect(member.getByTestId("comment").filter({ hasText: body }).getByTestId("awaiting")).toBeVisible();

  // The moderator is told, in the site's first language, with the comment's text and the dashboard's address.
  const waiting = await nextTo(smtp, "moderator@example.test", from);
  expect(waiting.subject).toBe("دیدگاه Mo Member در دفتر در انتظار بررسی است");
  expect(waiting.text).toContain(body);
  const dashboard = waiting.text?.match(/http:\/\/\S+\/manage\/comments/)?.[0];
  expect(dashboard).toBeTruthy();

  const moderator = await signedInPage(browser, site.url, "moderator");
  await open(moderator, new URL(dashboard!).pathname);
  const row = moderator.getByTestId("moderation-row").filter({ hasText: body });
  await row.getByTestId("action-approved").click();
  await expect(row).toHaveCount(0);

  // The member is told, in the page's language, with a link to the comment and one to stop these notices.
  const approved = await nextTo(smtp, "member@example.test", from);
  expect(approved.subject).toBe("Your comment at Daftar was approved");
  expect(approved.text).toMatch(/\/en\/notes\/learning-slowly#comment-\d+/);
  const unsubscribe = (approved.headers.get("list") as { unsubscribe: { url: string } }).unsubscribe.url;
  expect(approved.text).toContain(unsubscribe);

  await member.goto(unsubscribe);
  await expect(member.getByText("You will no longer receive notices about your comments")).toBeVisible();
  await snap(member, "notices-unsubscribe-en");
  await member.getByTestId("unsubscribe").click();
  await expect(member.getByTestId("unsubscribed")).toHaveText("You are unsubscribed.");

  await open(member, "/en/profile");
  const card = member.getByTestId("notices-card");
  await expect(card.getByTestId("notice-comments")).not.toBeChecked();
  await expect(card.getByTestId("notice-inbox")).toBeChecked();
  // A member who moderates nothing has no moderation switch.
  await expect(card.getByTestId("notice-moderation")).toHaveCount(0);
  // Turned on again from the profile.
  await card.getByTestId("notice-comments").check();
  await card.getByTestId("notices-submit").click();
  await expect(member.getByText("Your notifications were saved.").first()).toBeVisible();
  await member.reload();
  await expect(member.getByTestId("notices-card").getByTestId("notice-comments")).toBeChecked();
  expect(problems, "errors in the browser").toEqual([]);
});

test("screenshots: the profile's notifications card, Persian and English, light and dark, phone and desktop", async ({
  browser,
  mailSite,
}) => {
  const page = await signedInPage(browser, mailSite.site.url, "moderator");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const locale of ["fa", "en"] as const) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await open(page, `${locale === "en" ? "/en" : ""}/profile`);
        const card = page.getByTestId("notices-card");
        await card.scrollIntoViewIfNeeded();
        await expect(card.getByTestId("notice-moderation")).toBeVisible();
        await card.screenshot({ path: `test-results/screenshots/notices-card-${locale}-${scheme}-${width}.png` });
      }
    }
  }
});

test("screenshots: every notice in Persian and English, phone and desktop", async ({ page }) => {
  const specs = (fa: boolean): MessageSpec[] => [
    {
      kind: "commentWaiting",
      author: fa ? "مینا" : "Mina",
      excerpt: fa ? "نوشتهٔ خوبی بود، ولی دربارهٔ بخش دوم پرسشی دارم." : "A good read, but I have a question.",
      page: fa ? "آموختن آهسته" : "Learning slowly",
      link: "https://daftar.example/manage/comments",
    },
    {
      kind: "moderationDigest",
      count: 12,
      items: [1, 2, 3].map((n) => ({
        author: fa ? `نویسندهٔ ${n}` : `Author ${n}`,
        excerpt: fa ? "دیدگاهی کوتاه." : "A short one.",
      })),
      link: "https://daftar.example/manage/comments",
    },
    {
      kind: "commentApproved",
      excerpt: fa ? "نوشتهٔ خوبی بود." : "A good read.",
      page: fa ? "آموختن آهسته" : "Learning slowly",
      link: "https://daftar.example/notes/learning-slowly#comment-12",
    },
    {
      kind: "commentReply",
      author: fa ? "مینا" : "Mina",
      excerpt: fa ? "پاسخ در بخش دوم است." : "The answer is in part two.",
      page: fa ? "آموختن آهسته" : "Learning slowly",
      link: "https://daftar.example/notes/learning-slowly#comment-13",
    },
    { kind: "newMessage", link: "https://daftar.example/inbox" },
  ];
  for (const locale of ["fa", "en"] as const) {
    for (const spec of specs(locale === "fa")) {
      const message = await composeMessage(locale, locale === "fa" ? "دفتر" : "Daftar", spec, {
        unsubscribe: "https://daftar.example/unsubscribe?token=notify.comments~4~signature",
      });
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.setContent(message.html);
        await expect(
          page.getByText(locale === "fa" ? "دیگر این پیام‌ها را نفرست" : "Stop these messages"),
        ).toBeVisible();
        await snap(page, `mail-${spec.kind}-${locale}-${width}`);
      }
    }
  }
});
