import * as z from "zod";
import { about, firstName, keyProof, lastName, password, pub, userName, withConfirmation } from "~/auth/schema";
import { msg } from "~/lib/validation";

/** The administrator's account has the same field rules as registration (app/auth/schema.ts). */
export const adminFields = { firstName, lastName, about, userName, password };

/** The installer's administrator form: the account's fields and the password's confirmation. */
export const adminFormSchema = withConfirmation(z.object(adminFields), "password");

export const adminPayloadSchema = z.object({ ...adminFields, pub: pub.optional().nullable(), proof: keyProof });
export type AdminPayload = z.output<typeof adminPayloadSchema>;

export const databaseFormSchema = z.object({
  url: z.string().trim().min(1, msg("validation.required")).max(500, msg("validation.tooLong", 500)),
  authToken: z.string().trim().max(4000, msg("validation.tooLong", 4000)).optional(),
});
