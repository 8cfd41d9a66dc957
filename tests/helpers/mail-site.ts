import { openDatabase, type Database } from "~/db/client.server";
import { saveSmtpSettings } from "~/mail/smtp-settings.server";
import type { SmtpSettingsInput } from "~/mail/schema";
import { startSeededSite } from "./seeded-site";
import type { SiteProcess } from "./site-process";
import { startSmtpServer, type TestSmtpServer } from "./smtp-server";

/** SMTP settings pointing at a test server on loopback (no TLS, no login), with the site's From address. */
export function smtpSettingsFor(port: number, patch: Partial<SmtpSettingsInput> = {}): SmtpSettingsInput {
  return {
    enabled: true,
    host: "localhost",
    port,
    security: "none",
    user: "",
    password: "",
    clearPassword: false,
    fromAddress: "site@daftar.test",
    fromNameFa: "دفتر",
    fromNameEn: "Daftar",
    ...patch,
  };
}

export interface MailSite {
  site: SiteProcess;
  smtp: TestSmtpServer;
  stop(): Promise<void>;
}

/**
 * A seeded site whose mail goes to a real SMTP server on loopback, as a deployment sets it: the server through
 * SMTP_URL, the From address in the settings. `prepare` changes the database before the site starts (members'
 * addresses, say).
 */
export async function startMailSite(prepare?: (db: Database) => Promise<unknown>): Promise<MailSite> {
  const smtp = await startSmtpServer();
  try {
    const site = await startSeededSite({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}?tls=none` }, async (url) => {
      const connection = await openDatabase(url);
      try {
        await prepare?.(connection.db);
        await saveSmtpSettings(connection.db, smtpSettingsFor(587, { enabled: false, host: "", security: "starttls" }));
      } finally {
        connection.client.close();
      }
    });
    return {
      site,
      smtp,
      async stop() {
        await site.stop();
        await smtp.stop();
      },
    };
  } catch (error) {
    await smtp.stop();
    throw error;
  }
}
