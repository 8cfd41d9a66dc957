import { changeNoticeSettings, noticeSettings, noticeSubject, type NoticeList } from "~/auth/notice-preferences.server";
import {
  COMMENTER_LIST,
  confirmedCommenterAddress,
  forgetCommenterAddress,
} from "~/comments/commenter-addresses.server";
import type { Database } from "~/db/client.server";
import { serverT } from "~/i18n/catalogs.server";
import type { Locale } from "~/i18n/locales";
import { removeSubscriber, subscriberById } from "~/newsletter/subscriptions.server";
import { getAppConfig } from "~/settings/app-config.server";

/** A list a message's unsubscribe link can end a subscription to (see app/mail/unsubscribe.server.ts). */
export interface UnsubscribeList {
  /**
   * What the recipient stops receiving, as the page says it ("new posts of Daftar in Persian"); null when the
   * subscription is gone already (the page then says so, and a POST changes nothing).
   */
  describe(db: Database, subject: string, locale: Locale): Promise<string | null>;
  /** Ends the subscription. Doing it again changes nothing. */
  end(db: Database, subject: string): Promise<void>;
}

/** A member's notices of one kind (the subject is the member's id): on until turned off here or on the profile. */
function memberNotices(list: NoticeList, what: "moderation" | "comments" | "inbox"): UnsubscribeList {
  return {
    async describe(db, subject, locale) {
      const userId = await noticeSubject(db, subject);
      if (userId === null || !(await noticeSettings(db, userId))[list]) return null;
      const site = (await getAppConfig()).siteName[locale];
      return serverT(locale)(`mail.unsubscribe.list.${what}`, { site });
    },
    async end(db, subject) {
      const userId = await noticeSubject(db, subject);
      if (userId !== null) await changeNoticeSettings(db, userId, { [list]: false });
    },
  };
}

/** A subscriber's id, as the newsletter's links name it. */
const subscriberId = (subject: string) => (/^\d{1,15}$/.test(subject) ? Number(subject) : 0);

/** Every list, by the name its links carry. */
export const unsubscribeLists: Record<string, UnsubscribeList> = {
  // Members' notices (app/comments/notices.server.ts, app/nostr/inbox-notice.server.ts)
  "notify.moderation": memberNotices("notify.moderation", "moderation"),
  "notify.comments": memberNotices("notify.comments", "comments"),
  "notify.inbox": memberNotices("notify.inbox", "inbox"),
  // Anonymous commenters' addresses: the subject is the address's id; ending it forgets the address.
  [COMMENTER_LIST]: {
    async describe(db, subject, locale) {
      const address = await confirmedCommenterAddress(db, subscriberId(subject));
      if (!address) return null;
      const site = (await getAppConfig()).siteName[locale];
      return serverT(locale)("mail.unsubscribe.list.commenter", { site, email: address.email });
    },
    async end(db, subject) {
      await forgetCommenterAddress(db, subscriberId(subject));
    },
  },
  // The newsletter: the subject is the subscriber's id; ending it forgets the address.
  newsletter: {
    async describe(db, subject, locale) {
      const subscriber = await subscriberById(db, subscriberId(subject));
      if (!subscriber) return null;
      const t = serverT(locale);
      const site = (await getAppConfig()).siteName[locale] || t("mail.message.siteFallback");
      return t("mail.newsletter.what", { site, languages: t(`mail.newsletter.languages.${subscriber.languages}`) });
    },
    async end(db, subject) {
      await removeSubscriber(db, subscriberId(subject));
    },
  },
};
