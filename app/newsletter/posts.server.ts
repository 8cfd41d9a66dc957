/**
 * What the newsletter sends: posts (dated pages, not drafts) a build makes public for the first time, not edits of
 * posts already public. The build records them in its publishing transaction, due when the build is published or,
 * for a scheduled post, at its time (it is sent with its release, not before). A post is sent once per address:
 * one already sent is never recorded again (made a draft and published again, it is an edit), and a scheduled
 * post edited again before its time keeps one waiting record, the latest build's.
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { newsletterPosts } from "~/db/schema";
import type { Locale } from "~/i18n/locales";

export interface NewPost {
  locale: Locale;
  path: string;
  title: string;
  description: string;
  /** When it becomes public: the build's publication, or its own later time. */
  dueAt: Date;
}

/** Records the build's new posts (call it inside the publishing transaction). */
export async function recordNewPosts(tx: Database, buildId: number, posts: readonly NewPost[]): Promise<void> {
  for (const post of posts) {
    const samePage = and(eq(newsletterPosts.locale, post.locale), eq(newsletterPosts.path, post.path));
    const sent = await tx
      .select({ id: newsletterPosts.id })
      .from(newsletterPosts)
      .where(and(samePage, isNotNull(newsletterPosts.sendId)))
      .get();
    if (sent) continue;
    await tx.delete(newsletterPosts).where(and(samePage, isNull(newsletterPosts.sendId)));
    await tx
      .insert(newsletterPosts)
      .values({ buildId, ...post })
      .onConflictDoNothing()
      .run();
  }
}
