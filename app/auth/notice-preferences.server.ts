/**
 * Which notices a member gets by e-mail: each kind is on until the member turns it off, on the profile or with a
 * message's unsubscribe link (its list is the kind, its subject the member's id). A notice goes only to a
 * confirmed address of an enabled account.
 */
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { noticeOptOuts, users } from "~/db/schema";

/** The notices, by the list name their unsubscribe links carry. */
export const noticeLists = ["notify.moderation", "notify.comments", "notify.inbox"] as const;
export type NoticeList = (typeof noticeLists)[number];

/** A member a notice may go to: their confirmed address. */
export interface NoticeRecipient {
  userId: number;
  email: string;
  userName: string;
}

/** Of `userIds`, those with a confirmed address, enabled, who have not turned `list` off. */
export async function noticeRecipients(db: Database, userIds: number[], list: NoticeList): Promise<NoticeRecipient[]> {
  if (!userIds.length) return [];
  const rows = await db
    .select({ userId: users.id, email: users.email, userName: users.userName })
    .from(users)
    .leftJoin(noticeOptOuts, and(eq(noticeOptOuts.userId, users.id), eq(noticeOptOuts.list, list)))
    .where(
      and(
        inArray(users.id, userIds),
        isNotNull(users.email),
        isNotNull(users.emailConfirmedAt),
        isNull(users.disabledAt),
        isNull(noticeOptOuts.userId),
      ),
    )
    .all();
  return rows.map((row) => ({ userId: row.userId, email: row.email!, userName: row.userName }));
}

/** Each list, and whether the member gets it. */
export async function noticeSettings(db: Database, userId: number): Promise<Record<NoticeList, boolean>> {
  const off = await db.select({ list: noticeOptOuts.list }).from(noticeOptOuts).where(eq(noticeOptOuts.userId, userId));
  const offLists = new Set(off.map((row) => row.list));
  return Object.fromEntries(noticeLists.map((list) => [list, !offLists.has(list)])) as Record<NoticeList, boolean>;
}

/** Turns lists on and off for a member; lists not named stay as they are. */
export async function changeNoticeSettings(
  db: Database,
  userId: number,
  change: Partial<Record<NoticeList, boolean>>,
): Promise<void> {
  for (const list of noticeLists) {
    if (change[list] === false) {
      await db.insert(noticeOptOuts).values({ userId, list }).onConflictDoNothing();
    } else if (change[list] === true) {
      await db.delete(noticeOptOuts).where(and(eq(noticeOptOuts.userId, userId), eq(noticeOptOuts.list, list)));
    }
  }
}

/** The member a link's subject names, when it is one (an id of an existing account). */
export async function noticeSubject(db: Database, subject: string): Promise<number | null> {
  if (!/^\d{1,15}$/.test(subject)) return null;
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, Number(subject)))
    .get();
  return row?.id ?? null;
}
