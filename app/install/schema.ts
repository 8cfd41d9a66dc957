import * as z from "zod";
import { asciiDigits } from "~/i18n/format";
import { msg } from "~/lib/validation";

/** SPEC §5: the admin creation form. Shared by the installer's form and POST /api/install/admin-loading. */
const name = (min: 2 | 3) =>
  z
    .string()
    .trim()
    .min(min, msg(min === 2 ? "validation.min2" : "validation.min3"))
    .max(60, msg("validation.tooLong", 60));

export const userNameField = z
  .string()
  .trim()
  .transform(asciiDigits)
  .pipe(
    z
      .string()
      .min(3, msg("validation.min3"))
      .max(40, msg("validation.tooLong", 40))
      .regex(/^[\p{L}\p{N}._-]+$/u, msg("validation.userNameChars")),
  );

export const passwordField = z.string().min(6, msg("validation.passwordMin")).max(200, msg("validation.tooLong", 200));

export const pubField = z.string().regex(/^[0-9a-f]{64}$/, msg("validation.pubkey"));

export const adminFields = {
  firstName: name(2),
  lastName: name(3),
  about: z.string().trim().min(3, msg("validation.min3")).max(500, msg("validation.tooLong", 500)),
  userName: userNameField,
  password: passwordField,
};

export const adminFormSchema = z
  .object({
    ...adminFields,
    confirmPassword: z.string().min(6, msg("validation.confirmPasswordMin")),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ["confirmPassword"],
    ...msg("validation.passwordsMismatch"),
  });

export const adminPayloadSchema = z.object({ ...adminFields, pub: pubField.optional().nullable() });
export type AdminPayload = z.output<typeof adminPayloadSchema>;

export const databaseFormSchema = z.object({
  url: z.string().trim().min(1, msg("validation.required")).max(500, msg("validation.tooLong", 500)),
  authToken: z.string().trim().max(4000, msg("validation.tooLong", 4000)).optional(),
});
