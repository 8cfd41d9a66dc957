/**
 * The SMTP server as the settings form edits it (GET/PUT /api/mail/settings), and the test message. The password
 * is write-only: the form sends a new one or nothing (keep the stored one); the answer only says whether one is
 * stored.
 */
import * as z from "zod";
import { cleanLine } from "~/lib/clean-text";
import { msg } from "~/lib/validation";

export const smtpSecurities = ["none", "starttls", "tls"] as const;
export type SmtpSecurity = (typeof smtpSecurities)[number];

/** An e-mail address (required). */
export const emailAddress = z
  .string(msg("validation.invalid"))
  .transform(cleanLine)
  .pipe(
    z
      .string()
      .trim()
      .min(1, msg("validation.required"))
      .max(254, msg("validation.tooLong", 254))
      .refine((value) => z.email().safeParse(value).success, msg("validation.email")),
  );

const line = (max: number) =>
  z
    .string(msg("validation.invalid"))
    .transform(cleanLine)
    .pipe(z.string().trim().max(max, msg("validation.tooLong", max)))
    .default("");

/** A host name or an IP address, as written: no scheme, no path, no port. */
const hostName = z
  .string(msg("validation.invalid"))
  .trim()
  .max(253, msg("validation.tooLong", 253))
  .refine((value) => value === "" || /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+|[0-9a-fA-F:]+)$/.test(value), {
    message: "mail.settings.error.host",
  });

const smtpSettingsFields = z.object({
  /** Off: no server; messages wait in the outbox until one is set. */
  enabled: z.boolean(msg("validation.invalid")),
  host: hostName.default(""),
  port: z
    .union([z.number(), z.string().transform((value) => Number(value.trim()))], msg("validation.invalid"))
    .pipe(
      z.number().int(msg("validation.invalid")).min(1, msg("validation.invalid")).max(65535, msg("validation.invalid")),
    )
    .default(587),
  security: z.enum(smtpSecurities, msg("validation.invalid")).default("starttls"),
  user: line(200),
  /** A new password, or empty to keep the stored one. */
  password: z.string(msg("validation.invalid")).max(500, msg("validation.tooLong", 500)).default(""),
  /** Forget the stored password. */
  clearPassword: z.boolean(msg("validation.invalid")).default(false),
  fromAddress: z.union([z.literal(""), emailAddress]).default(""),
  fromNameFa: line(100),
  fromNameEn: line(100),
});

/** Sending on needs a server and a sender (SMTP_URL stands in for the server, checked where it is used). */
function requireServer(value: { enabled: boolean; host: string; fromAddress: string }, ctx: z.RefinementCtx) {
  if (!value.enabled) return;
  if (!value.host) ctx.addIssue({ code: "custom", path: ["host"], message: "validation.required" });
  if (!value.fromAddress) ctx.addIssue({ code: "custom", path: ["fromAddress"], message: "validation.required" });
}

export const smtpSettingsSchema = smtpSettingsFields.superRefine(requireServer);

/** The settings form's values: the switch is a checklist field (["on"] when on). */
export const smtpSettingsFormSchema = smtpSettingsFields
  .extend({ enabled: z.array(z.string()).transform((value) => value.includes("on")) })
  .superRefine(requireServer);
export type SmtpSettingsInput = z.output<typeof smtpSettingsSchema>;

/** The settings as the page shows them: the password only as whether one is stored. */
export interface SmtpSettingsView {
  enabled: boolean;
  host: string;
  port: number;
  security: SmtpSecurity;
  user: string;
  hasPassword: boolean;
  fromAddress: string;
  fromNameFa: string;
  fromNameEn: string;
  /** SMTP_URL is set: the server is the operator's, and the form's server fields are not used. */
  fromEnvironment: boolean;
}

/** POST /api/mail/test: a test message to this address (the member's own by default on the form). */
export const testMessageSchema = z.object({ to: emailAddress });
