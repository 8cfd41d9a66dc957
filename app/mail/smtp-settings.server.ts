/**
 * The SMTP server the site sends through: the one the operator wrote in SMTP_URL, else the one set in the
 * dashboard, kept as the "mail.smtp" setting apart from the app configuration that pages read. The password is
 * stored there and leaves this module only to sign in to that server: never in an answer, never in a log.
 */
import { eq } from "drizzle-orm";
import { config, type SmtpServer } from "~/config.server";
import type { Database } from "~/db/client.server";
import { settings } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import type { Locale } from "~/i18n/locales";
import type { SmtpSettingsInput, SmtpSettingsView } from "./schema";

const SMTP_KEY = "mail.smtp";

export interface SmtpSettings extends SmtpServer {
  enabled: boolean;
  fromAddress: string;
  fromNameFa: string;
  fromNameEn: string;
}

const defaults: SmtpSettings = {
  enabled: false,
  host: "",
  port: 587,
  security: "starttls",
  user: "",
  password: "",
  fromAddress: "",
  fromNameFa: "",
  fromNameEn: "",
};

export async function readSmtpSettings(db: Database): Promise<SmtpSettings> {
  const row = await db.select().from(settings).where(eq(settings.key, SMTP_KEY)).get();
  return { ...defaults, ...(row?.value as Partial<SmtpSettings> | undefined) };
}

export function smtpView(stored: SmtpSettings): SmtpSettingsView {
  return {
    enabled: stored.enabled,
    host: stored.host,
    port: stored.port,
    security: stored.security,
    user: stored.user,
    hasPassword: stored.password !== "",
    fromAddress: stored.fromAddress,
    fromNameFa: stored.fromNameFa,
    fromNameEn: stored.fromNameEn,
    fromEnvironment: config().smtp !== undefined,
  };
}

/**
 * Saves the settings. A new password replaces the stored one; without one the stored password is kept, unless the
 * server moved to another host: a password is never sent to a server it was not given for.
 */
export async function saveSmtpSettings(db: Database, input: SmtpSettingsInput): Promise<SmtpSettings> {
  return writeTransaction(db, async (tx) => {
    const current = await readSmtpSettings(tx);
    const sameHost = current.host !== "" && current.host.toLowerCase() === input.host.toLowerCase();
    const password = input.password || (input.clearPassword || !sameHost ? "" : current.password);
    const next: SmtpSettings = {
      enabled: input.enabled,
      host: input.host,
      port: input.port,
      security: input.security,
      user: input.user,
      password,
      fromAddress: input.fromAddress,
      fromNameFa: input.fromNameFa,
      fromNameEn: input.fromNameEn,
    };
    await tx
      .insert(settings)
      .values({ key: SMTP_KEY, value: next })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
    return next;
  });
}

/** Where mail goes and who it is from, or null while no server is set (messages wait in the outbox). */
export interface MailRoute {
  server: SmtpServer;
  /** "operator": SMTP_URL (any address); "settings": the dashboard's (public addresses unless allowed). */
  owner: "operator" | "settings";
  from: { address: string; name: Record<Locale, string> };
}

export async function mailRoute(db: Database): Promise<MailRoute | null> {
  const stored = await readSmtpSettings(db);
  const { smtp: operator, siteUrl } = config();
  // With SMTP_URL and no address set in the dashboard, the site's own domain sends.
  const address = stored.fromAddress || (operator && siteUrl ? `no-reply@${new URL(siteUrl).hostname}` : "");
  if (!address) return null;
  const from = { address, name: { fa: stored.fromNameFa, en: stored.fromNameEn } };
  if (operator) return { server: operator, owner: "operator", from };
  if (!stored.enabled || !stored.host) return null;
  const { host, port, security, user, password } = stored;
  return { server: { host, port, security, user, password }, owner: "settings", from };
}
