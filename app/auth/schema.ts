/**
 * The payloads of the accounts API, one schema each, shared by the forms (client-side checks) and the API
 * (server-side checks). Messages are catalog keys; `validate()` translates them (see ~/lib/validation).
 */
import * as z from "zod";
import { asciiDigits } from "~/i18n/format";
import { msg } from "~/lib/validation";
import { permissionNames } from "./permissions";

/** A required text field: trimmed, at least `min` characters (with the given message), at most `max`. */
function text(min: number, minMessage: Parameters<typeof msg>[0], max: number) {
  return z.string(msg("validation.invalid")).trim().min(min, msg(minMessage)).max(max, msg("validation.tooLong", max));
}

export const firstName = text(2, "validation.min2", 50);
export const lastName = text(3, "validation.min3", 50);
export const about = text(3, "validation.min3", 300);

/** Latin letters, digits, dots, dashes and underscores; digits typed in Persian are accepted. */
export const userName = z
  .string(msg("validation.invalid"))
  .transform((value) => asciiDigits(value).trim())
  .pipe(
    z
      .string()
      .min(3, msg("validation.min3"))
      .max(40, msg("validation.tooLong", 40))
      .regex(/^[A-Za-z0-9._-]+$/, msg("validation.userNameChars")),
  );

export const password = z
  .string(msg("validation.invalid"))
  .min(6, msg("validation.passwordMin"))
  .max(200, msg("validation.tooLong", 200));

/** A Nostr public key: 64 lowercase hexadecimal characters. */
export const pub = z.string(msg("validation.invalid")).regex(/^[0-9a-f]{64}$/, msg("validation.pubkey"));

export const deviceName = z.string(msg("validation.invalid")).trim().max(80, msg("validation.tooLong", 80));

/** POST /api/auth/register: a new Member account, logged in at once. */
export const registerSchema = z.object({
  firstName,
  lastName,
  about,
  userName,
  password,
  pub,
  deviceName: deviceName.optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** POST /api/auth/login. Any non-empty name and password is checked; what is wrong is never told apart. */
export const loginSchema = z.object({
  userName: z
    .string(msg("validation.invalid"))
    .transform((value) => asciiDigits(value).trim())
    .pipe(z.string().min(1, msg("validation.required")).max(200, msg("validation.tooLong", 200))),
  password: z
    .string(msg("validation.invalid"))
    .min(1, msg("validation.required"))
    .max(200, msg("validation.tooLong", 200)),
  pub: pub.optional(),
  deviceName: deviceName.optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** PUT /api/auth/change-password. */
export const changePasswordSchema = z.object({
  oldPassword: z
    .string(msg("validation.invalid"))
    .min(1, msg("validation.required"))
    .max(200, msg("validation.tooLong", 200)),
  newPassword: password,
});

/** PUT /api/users/update-profile. */
export const updateProfileSchema = z.object({ firstName, lastName, about });

/** PUT /api/identity/device: renames the caller's device (the "new random name" action). */
export const deviceSchema = z.object({ pub, deviceName: deviceName.min(1, msg("validation.required")) });

const id = z.coerce
  .number(msg("validation.invalid"))
  .int(msg("validation.invalid"))
  .positive(msg("validation.invalid"));
const roleIds = z.array(id, msg("validation.invalid")).min(1, msg("validation.roleRequired")).max(50);

/** POST /api/users/new: an administrator adds an account with the roles they choose. */
export const newUserSchema = z.object({ firstName, lastName, about, userName, password, roleIds });

/** POST /api/roles/new. */
export const newRoleSchema = z.object({
  name: text(2, "validation.min2", 40),
  description: text(3, "validation.min3", 200),
  permissions: z
    .array(z.enum(permissionNames, msg("validation.invalid")), msg("validation.invalid"))
    .min(1, msg("validation.permissionRequired")),
});

/** POST /api/roles/add-user, POST /api/roles/remove-user and PUT /api/roles/set-user. */
export const userRolesSchema = z.object({ userId: id, roleIds });

/** GET /api/users/all query. */
export const userListQuery = z.object({
  q: z.string().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20),
});

/** The client-side forms add a confirmation field to the password payloads. */
export const confirmPassword = z.string(msg("validation.invalid")).min(6, msg("validation.confirmPasswordMin"));

export function withConfirmation<S extends z.ZodObject<{ [k: string]: z.ZodType }>>(
  schema: S,
  field: "password" | "newPassword",
) {
  return schema
    .extend({ confirmPassword })
    .refine((value) => value.confirmPassword === (value as Record<string, unknown>)[field], {
      path: ["confirmPassword"],
      ...msg("validation.passwordsMismatch"),
    });
}
