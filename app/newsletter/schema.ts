/** The newsletter's form (a plain HTML form on posts and in the footer, posting to /newsletter). */
import * as z from "zod";
import { msg } from "~/lib/validation";
import { emailAddress } from "~/mail/schema";

export const newsletterLanguageChoices = ["fa", "en", "both"] as const;
export type NewsletterLanguages = (typeof newsletterLanguageChoices)[number];

export const subscribeSchema = z.object({
  email: emailAddress,
  languages: z.enum(newsletterLanguageChoices, msg("validation.invalid")),
});
