/**
 * Unsubscribe links: every message that is not an answer to something the recipient just did (a notice, a
 * newsletter) carries one, in its text and in its `List-Unsubscribe` header with `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click` (RFC 8058), so a mail program's own button works too. The link names a list (what the
 * recipient stops receiving) and a subject within it (whose subscription: a member, a subscriber), signed by the
 * site: it needs no session, no row of its own and never expires, as a link in an old message must still work.
 * Opening it changes nothing (mail programs and scanners open links); a POST to it unsubscribes, whether from the
 * page's button or from the mail program (RFC 8058's one-click request, which carries no cookie).
 */
import type { Database } from "~/db/client.server";
import type { Locale } from "~/i18n/locales";
import { linkSigned, signLink } from "~/keys/link-signature.server";

/** A list's name and a subject: letters, digits, and `-_:.` (they are joined with "~" and written into links). */
const part = /^[A-Za-z0-9_:.-]{1,100}$/;

export interface UnsubscribeTarget {
  /** What the recipient stops receiving, e.g. "newsletter" or "notify.replies". */
  list: string;
  /** Whose subscription, within the list, e.g. a subscriber's or a member's id. */
  subject: string;
}

/** The link's token: `<list>~<subject>~<signature>`. */
export async function unsubscribeToken(db: Database, { list, subject }: UnsubscribeTarget): Promise<string> {
  if (!part.test(list) || !part.test(subject)) throw new Error(`Not a list or subject for a link: ${list} ${subject}`);
  const payload = `${list}~${subject}`;
  return `${payload}~${await signLink(db, `unsubscribe\n${payload}`)}`;
}

/** The absolute address of the unsubscribe page for `target`, in the recipient's language. */
export async function unsubscribeLink(
  db: Database,
  { origin, locale, ...target }: UnsubscribeTarget & { origin: string; locale: Locale },
): Promise<string> {
  const token = await unsubscribeToken(db, target);
  return `${origin}${locale === "en" ? "/en" : ""}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** What a token names, when the site signed it; null for anything else. */
export async function readUnsubscribeToken(db: Database, token: string): Promise<UnsubscribeTarget | null> {
  if (token.length > 300) return null;
  const [list, subject, signature, ...rest] = token.split("~");
  if (rest.length || !list || !subject || !signature || !part.test(list) || !part.test(subject)) return null;
  return (await linkSigned(db, `unsubscribe\n${list}~${subject}`, signature)) ? { list, subject } : null;
}
