/**
 * "You have a new message" by e-mail: a member whose inbox holds a message that arrived after they last had it
 * open hears of it once, with nothing of the message (it is end-to-end encrypted; not even its sender). The
 * notice is keyed by the member's read mark (`messagesReadSeq`): the next one comes only after they open their
 * inbox again. A pass reads the database, so it does not matter which instance's relay took the message, and it
 * runs on whichever instance holds its lease; the notice's row and its outbox row are one transaction.
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { noticeRecipients } from "~/auth/notice-preferences.server";
import { everyPeriod } from "~/cluster/leases.server";
import type { Database } from "~/db/client.server";
import { noticeOptOuts, noticesSent, users } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { defaultLocale } from "~/i18n/locales";
import { composeMessage } from "~/mail/compose.server";
import { queueMail } from "~/mail/outbox.server";
import { unsubscribeLink } from "~/mail/unsubscribe.server";
import { getAppConfig } from "~/settings/app-config.server";
import { unreadMessages } from "./inbox-unread.server";

const INBOX_NOTICE_EVERY_MS = 60_000;

/** One pass: every member with an address and unread messages not told of yet is told. The number told. */
export async function noticeNewMessages(db: Database, origin: string, now = Date.now()): Promise<number> {
  // Members who could be told: a confirmed address, enabled, the notice not turned off.
  const candidates = await db
    .select({ id: users.id, readSeq: users.messagesReadSeq })
    .from(users)
    .leftJoin(noticeOptOuts, and(eq(noticeOptOuts.userId, users.id), eq(noticeOptOuts.list, "notify.inbox")))
    .leftJoin(
      noticesSent,
      and(eq(noticesSent.userId, users.id), eq(noticesSent.kind, "inbox"), eq(noticesSent.item, users.messagesReadSeq)),
    )
    .where(
      and(
        isNotNull(users.emailConfirmedAt),
        isNull(users.disabledAt),
        isNull(noticeOptOuts.userId),
        isNull(noticesSent.id),
      ),
    )
    .all();
  const locale = defaultLocale;
  let told = 0;
  for (const candidate of candidates) {
    if ((await unreadMessages(db, candidate.id)).count === 0) continue;
    const [to] = await noticeRecipients(db, [candidate.id], "notify.inbox");
    if (!to) continue;
    const unsubscribe = await unsubscribeLink(db, {
      origin,
      locale,
      list: "notify.inbox",
      subject: String(to.userId),
    });
    const message = await composeMessage(
      locale,
      (await getAppConfig()).siteName[locale],
      { kind: "newMessage", link: `${origin}/inbox` },
      { unsubscribe },
    );
    const queued = await writeTransaction(db, async (tx) => {
      const recorded = await tx
        .insert(noticesSent)
        .values({ kind: "inbox", userId: to.userId, item: String(candidate.readSeq), createdAt: new Date(now) })
        .onConflictDoNothing()
        .returning({ id: noticesSent.id });
      if (!recorded.length) return false;
      await queueMail(tx, { kind: "newMessage", to: to.email, locale, message, unsubscribe });
      return true;
    });
    if (queued) told++;
  }
  return told;
}

/** The inbox notices, decided by whichever instance holds their lease. */
export function startInboxNotices(origin: string): () => Promise<void> {
  return everyPeriod("inbox-notices", INBOX_NOTICE_EVERY_MS, async (db) => void (await noticeNewMessages(db, origin)));
}
