import * as z from "zod";
import { about, firstName, lastName, password, pub, userName } from "~/auth/schema";
import { msg } from "~/lib/validation";

/** SPEC §5: the admin creation form uses the same field rules as registration (app/auth/schema.ts). */
export const adminFields = { firstName, lastName, about, userName, password };

export const adminFormSchema = z
  .object({
    ...adminFields,
    confirmPassword: z.string().min(6, msg("validation.confirmPasswordMin")),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ["confirmPassword"],
    ...msg("validation.passwordsMismatch"),
  });

export const adminPayloadSchema = z.object({ ...adminFields, pub: pub.optional().nullable() });
export type AdminPayload = z.output<typeof adminPayloadSchema>;

export const databaseFormSchema = z.object({
  url: z.string().trim().min(1, msg("validation.required")).max(500, msg("validation.tooLong", 500)),
  authToken: z.string().trim().max(4000, msg("validation.tooLong", 4000)).optional(),
});
