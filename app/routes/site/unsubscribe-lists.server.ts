import type { Database } from "~/db/client.server";
import type { Locale } from "~/i18n/locales";

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

/** Every list, by the name its links carry. */
export const unsubscribeLists: Record<string, UnsubscribeList> = {};
