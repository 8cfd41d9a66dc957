import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { settings } from "~/db/schema";
import { expect, open, snap, signedInPage, test } from "./fixtures";
import { startSeededSite } from "../helpers/seeded-site";

const texts = {
  en: {
    post: "/en/notes/learning-slowly",
    show: "Show comments",
    awaiting: "Awaiting moderation",
    min: "Comment must be at least 5 characters",
    approve: "Approve",
  },
  fa: {
    post: "/notes/learning-slowly",
    show: "نمایش دیدگاه‌ها",
    awaiting: "در انتظار تأیید",
    min: "دیدگاه دست‌کم باید ۵ نویسه باشد",
    approve: "تأیید",
  },
} as const;

async function openComments(page: Page, path: string, show: string) {
  await open(page, path);
  const section = page.getByTestId("comments");
  await expect(section).toBeAttached();
  // The section loads by itself as the reader comes near it (the "show" button is for those who ask first).
  void show;
  await section.scrollIntoViewIfNeeded();
  await expect(page.getByTestId("comments-section")).toBeVisible();
  return section;
}

for (const locale of ["fa", "en"] as const) {
  const x = texts[locale];
  test(`${locale}: an anonymous visitor comments, a moderator approves it, everyone sees it`, async ({
    page,
    browser,
    site,
  }) => {
    // 1. An anonymous visitor: the comment is signed with this browser's key and waits for moderation.
    const section = await openComments(page, x.post, x.show);
    const body = `${locale === "fa" ? "دیدگاهی آزمایشی با React و" : "A test comment about"} ${Date.now()} — <b>not bold</b>`;
    const textarea = section.locator("textarea");
    await textarea.fill("abc");
    await textarea.press("Enter");
    await expect(section.getByTestId("comment-error")).toHaveText(x.min);
    await textarea.fill(body);
    await textarea.press("Shift+Enter");
    await expect(textarea).toHaveValue(`${body}\n`);
    await textarea.press("Enter");
    const mine = section.getByTestId("comment").filter({ hasText: body.slice(0, 20) });
    await expect(mine).toBeVisible();
    await expect(mine.getByTestId("awaiting")).toHaveText(x.awaiting);
    // Shown as text, never as HTML.
    await expect(mine.locator("b")).toHaveCount(0);
    await expect(mine).toContainText("<b>not bold</b>");
    await snap(page, `comments-${locale}-pending`);
    // Still there, marked, after a reload (remembered by this browser only).
    await page.reload();
    const again = await openComments(page, x.post, x.show);
    await expect(
      again
        .getByTestId("comment")
        .filter({ hasText: body.slice(0, 20) })
        .getByTestId("awaiting"),
    ).toBeVisible();

    // 2. Nobody else sees it yet.
    const stranger = await (await browser.newContext({ baseURL: site.url })).newPage();
    const strangerSection = await openComments(stranger, x.post, x.show);
    await expect(strangerSection.getByTestId("comment-list")).not.toContainText(body.slice(0, 20));

    // 3. The moderator approves it in the dashboard.
    const moderator = await signedInPage(browser, site.url, "moderator");
    await open(moderator, `${locale === "en" ? "/en" : ""}/manage/comments`);
    const row = moderator.getByTestId("moderation-row").filter({ hasText: body.slice(0, 20) });
    await expect(row).toBeVisible();
    await snap(moderator, `comments-${locale}-moderation`);
    await row.getByTestId("action-approved").click();
    await expect(row).toHaveCount(0);
    await moderator.getByTestId("tab-approved").click();
    await expect(moderator.getByTestId("moderation-row").filter({ hasText: body.slice(0, 20) })).toBeVisible();

    // 4. Everyone sees it now, with the page's comment count (the cached page was refreshed).
    await stranger.reload();
    const visible = await openComments(stranger, x.post, x.show);
    const approved = visible.getByTestId("comment").filter({ hasText: body.slice(0, 20) });
    await expect(approved).toBeVisible();
    await expect(approved.getByTestId("awaiting")).toHaveCount(0);
    await expect(approved).toHaveAttribute("id", /^comment-\d+$/);
    await expect(stranger.getByTestId("toc-comment-count").last()).toHaveText(locale === "fa" ? "۱" : "1");
    await snap(stranger, `comments-${locale}-approved`);
  });
}

test("with anonymous comments off, a visitor is invited to sign in instead of a form, and comes back to write", async ({
  browser,
}) => {
  // A site of its own whose owner turned anonymous comments off.
  const site = await startSeededSite({}, async (databaseUrl) => {
    const connection = await openDatabase(databaseUrl);
    try {
      const row = await connection.db.select().from(settings).where(eq(settings.key, "app")).get();
      const app = row!.value as { comments: Record<string, unknown> };
      await connection.db
        .update(settings)
        .set({ value: { ...app, comments: { ...app.comments, allowAnonymous: false } } })
        .where(eq(settings.key, "app"));
    } finally {
      connection.client.close();
    }
  });
  const context = await browser.newContext({ baseURL: site.url });
  try {
    const page = await context.newPage();
    for (const [locale, invitation, signIn] of [
      ["fa", "برای نوشتن دیدگاه وارد شوید", "ورود"],
      ["en", "Sign in to join the conversation", "Sign in"],
    ] as const) {
      const section = await openComments(page, texts[locale].post, texts[locale].show);
      const refusal = section.getByTestId("comment-refusal");
      await expect(refusal).toContainText(invitation);
      await expect(section.getByRole("textbox")).toHaveCount(0);
      await snap(page, `comments-${locale}-sign-in-invitation`);
      const link = refusal.getByRole("link", { name: signIn, exact: true });
      await expect(link).toHaveAttribute(
        "href",
        `${locale === "en" ? "/en" : ""}/login?redirectTo=${encodeURIComponent(`${texts[locale].post}#comments`)}`,
      );
    }
    // Signing in from the invitation comes back to the post, where the form is now.
    await open(page, texts.en.post);
    await page.getByTestId("comments").scrollIntoViewIfNeeded();
    await page.getByTestId("comment-refusal").getByRole("link", { name: "Sign in", exact: true }).click();
    const form = page.getByTestId("login-form");
    await form.locator('input[name="userName"]').fill("member");
    await form.locator('input[name="password"]').fill("password123");
    await page.getByTestId("login-submit").click();
    await expect(page).toHaveURL(new RegExp(`${texts.en.post}#comments$`));
    await page.getByTestId("comments").scrollIntoViewIfNeeded();
    await expect(page.getByTestId("comment-form")).toBeVisible();
    await expect(page.getByTestId("comment-refusal")).toHaveCount(0);
  } finally {
    await context.close();
    await site.stop();
  }
});

const changedSinceShown = {
  en: "Its author edited this comment after it was shown to you. Read the new text, then try again.",
  fa: "نویسنده این دیدگاه را پس از آنکه به شما نشان داده شد ویرایش کرده است. متن تازه را بخوانید و باز امتحان کنید.",
} as const;

for (const locale of ["fa", "en"] as const) {
  test(`${locale}: a comment its author edits while the queue is open is not moved; the queue shows the new text`, async ({
    browser,
    site,
  }) => {
    const member = await signedInPage(browser, site.url, "member");
    const moderator = await signedInPage(browser, site.url, "moderator");
    try {
      const send = (path: string, body: unknown) =>
        member.evaluate(
          async ([path, body]) =>
            (
              await fetch(path as string, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify(body),
              })
            ).json(),
          [path, body] as const,
        );
      await open(member, texts.en.post);
      const first = `Words the moderator reads ${locale} ${Date.now()}`;
      const posted = await send("/api/comments/new", { routePath: texts.en.post, commentBody: first });
      const { id, status } = posted.comment as { id: number; status: string };

      await open(moderator, `${locale === "en" ? "/en" : ""}/manage/comments?status=${status}`);
      const row = moderator.locator(`[data-testid=moderation-row][data-id="${id}"]`);
      await expect(row).toContainText(first);
      const second = `Words swapped in meanwhile ${locale} ${Date.now()}`;
      expect((await send("/api/comments/edit", { id, commentBody: second })).comment.body).toBe(second);

      await row.getByTestId(status === "approved" ? "action-spam" : "action-approved").click();
      await expect(moderator.getByText(changedSinceShown[locale]).first()).toBeVisible();
      // Nothing moved, and the queue shows what the author wrote now.
      await expect(row).toContainText(second);
      await expect(moderator.getByTestId(`tab-${status}`)).toHaveAttribute("aria-current", "page");
    } finally {
      await member.context().close();
      await moderator.context().close();
    }
  });
}
