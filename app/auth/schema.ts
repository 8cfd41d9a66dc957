/**
 * The payloads of the accounts API, one schema each, shared by the forms (client-side checks) and the API
 * (server-side checks). Messages are catalog keys; `validate()` translates them (see ~/lib/validation).
 */
import * as z from "zod";
import { emailAddress } from "~/mail/schema";
import { asciiDigits } from "~/i18n/format";
import { cleanLine, cleanLines } from "~/lib/clean-text";
import { formId, jsonId, PAGE_MAX, PAGE_SIZE_MAX, queryInteger } from "~/lib/number-fields";
import { msg } from "~/lib/validation";
import { permissionNames } from "./permissions";

/**
 * The first rule of a required field: left empty (after trimming) it is "required", and its length rules, which
 * are for what was written, are not checked.
 */
const filled = { ...msg("validation.required"), abort: true };

/**
 * A required text field people write: cleaned of invisible controls (~/lib/clean-text), trimmed, at least `min`
 * characters (with the given message), at most `max`. `lines`: line breaks are kept.
 */
function text(min: number, minMessage: Parameters<typeof msg>[0], max: number, lines = false) {
  return z
    .string(msg("validation.invalid"))
    .transform(lines ? cleanLines : cleanLine)
    .pipe(z.string().trim().min(1, filled).min(min, msg(minMessage)).max(max, msg("validation.tooLong", max)));
}

/** The same text field, optional: empty or absent is "", anything written follows the length rules. */
function optionalText(min: number, minMessage: Parameters<typeof msg>[0], max: number, lines = false) {
  return z
    .string(msg("validation.invalid"))
    .transform(lines ? cleanLines : cleanLine)
    .pipe(
      z
        .string()
        .trim()
        .refine((value) => value === "" || value.length >= min, msg(minMessage))
        .max(max, msg("validation.tooLong", max)),
    )
    .default("");
}

export const firstName = text(2, "validation.min2", 50);
export const lastName = text(3, "validation.min3", 50);
export const about = text(3, "validation.min3", 300, true);
/** An account someone else adds: its owner may write the About later. */
export const optionalAbout = optionalText(3, "validation.min3", 300, true);

/** Latin letters, digits, dots, dashes and underscores; digits typed in Persian are accepted. */
export const userName = z
  .string(msg("validation.invalid"))
  .transform((value) => asciiDigits(cleanLine(value)).trim())
  .pipe(
    z
      .string()
      .min(1, filled)
      .min(3, msg("validation.min3"))
      .max(40, msg("validation.tooLong", 40))
      .regex(/^[A-Za-z0-9._-]+$/, msg("validation.userNameChars")),
  );

export const password = z
  .string(msg("validation.invalid"))
  .min(1, filled)
  .min(6, msg("validation.passwordMin"))
  .max(200, msg("validation.tooLong", 200));

/** A Nostr public key: 64 lowercase hexadecimal characters. */
export const pub = z.string(msg("validation.invalid")).regex(/^[0-9a-f]{64}$/, msg("validation.pubkey"));

/** The signed event proving the sender holds `pub`'s secret key (~/keys/key-proof); checked by the service. */
export const keyProof = z.unknown().optional();

/** A device's name, as its owner or the random name maker chose it; `min` 1 where it is required. */
const deviceNameOf = (min: number) =>
  z
    .string(msg("validation.invalid"))
    .transform(cleanLine)
    .pipe(z.string().trim().min(min, msg("validation.required")).max(80, msg("validation.tooLong", 80)));
export const deviceName = deviceNameOf(0);

/** POST /api/auth/register: a new Member account, logged in at once. */
export const registerSchema = z.object({
  firstName,
  lastName,
  about,
  userName,
  password,
  pub,
  proof: keyProof,
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
  proof: keyProof,
  deviceName: deviceName.optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

const currentPassword = z
  .string(msg("validation.invalid"))
  .min(1, msg("validation.required"))
  .max(200, msg("validation.tooLong", 200));

/**
 * The keys (browser keys and the linked key) a member keeps when their other sign-ins end; every other one of
 * theirs is removed. Left out: none is kept.
 */
const keepKeys = z.array(pub, msg("validation.invalid")).max(100, msg("validation.invalid"));

/** PUT /api/auth/change-password. */
export const changePasswordSchema = z.object({
  oldPassword: currentPassword,
  newPassword: password,
  keep: keepKeys.optional(),
});

/** DELETE /api/auth/sessions: ends every other session, removing the keys not kept. */
export const endSessionsSchema = z.object({ keep: keepKeys });

/** POST /api/auth/confirm-password: the owner types the password before linking a way to sign in. */
export const confirmPasswordSchema = z.object({ password: currentPassword });

/**
 * A second factor's code: six digits from the authenticator app or a recovery code ("abcde-fghjk"), as typed
 * (Persian digits, spaces); the service reads which it is.
 */
export const secondFactorCodeSchema = z.object({
  code: z
    .string(msg("validation.invalid"))
    .trim()
    .min(1, msg("validation.required"))
    .max(40, msg("validation.tooLong", 40)),
});

const webauthnText = (max: number) => z.string(msg("validation.invalid")).min(1).max(max);

/**
 * What a browser's WebAuthn call answers (SimpleWebAuthn's JSON form), bounded: the WebAuthn library reads and
 * checks the rest.
 */
function webauthnAnswer<R extends z.ZodType>(response: R) {
  return z.object({
    id: webauthnText(1400),
    rawId: webauthnText(1400),
    type: z.literal("public-key", msg("validation.invalid")),
    response,
    clientExtensionResults: z.object({}).catchall(z.unknown()).default({}),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  });
}

/** A passkey's answer to a sign-in or proof challenge. */
const passkeyResponse = webauthnAnswer(
  z.object({
    clientDataJSON: webauthnText(8000),
    authenticatorData: webauthnText(8000),
    // A post-quantum signature (ML-DSA) takes a few kilobytes.
    signature: webauthnText(8000),
    userHandle: webauthnText(200).optional(),
  }),
);

/** A new passkey's answer to a registration challenge. */
const passkeyRegistration = webauthnAnswer(
  z.object({
    clientDataJSON: webauthnText(8000),
    attestationObject: webauthnText(16_000),
    authenticatorData: webauthnText(16_000).optional(),
    transports: z
      .array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]))
      .max(7)
      .optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: webauthnText(4000).optional(),
  }),
);

/** POST /api/auth/second-step and /api/auth/second-factor/confirm: a code, or a passkey's answer. */
export const secondFactorProofSchema = z.union([secondFactorCodeSchema, z.object({ passkey: passkeyResponse })]);

/** POST /api/auth/passkeys/options: a challenge to add a passkey, sign in with one, or prove the factor. */
export const passkeyOptionsSchema = z.object({
  purpose: z.enum(["register", "sign-in", "second-step", "confirm"], msg("validation.invalid")),
});

/** POST /api/auth/passkeys: a new passkey and the member's name for it. */
export const addPasskeySchema = z.object({
  name: text(1, "validation.required", 60),
  response: passkeyRegistration,
});

/** DELETE /api/auth/passkeys. */
export const removePasskeySchema = z.object({ id: z.string(msg("validation.invalid")).min(1).max(1400) });

/** POST /api/auth/passkeys/sign-in: a passkey's answer to a sign-in challenge. */
export const passkeySignInSchema = z.object({ passkey: passkeyResponse });

/** DELETE /api/identity/device: removes one of the caller's browser keys. */
export const removeDeviceSchema = z.object({ pub });

/** PUT /api/users/update-profile. */
export const updateProfileSchema = z.object({ firstName, lastName, about });

/** PUT /api/identity/device: renames the caller's device (the "new random name" action). */
export const deviceSchema = z.object({ pub, deviceName: deviceNameOf(1) });

const idList = <T extends z.ZodType<number, unknown>>(item: T) =>
  z.array(item, msg("validation.invalid")).min(1, msg("validation.roleRequired")).max(50, msg("validation.invalid"));
const roleIds = idList(jsonId);

/** POST /api/users/new: an administrator adds an account with the roles they choose. */
export const newUserSchema = z.object({ firstName, lastName, about: optionalAbout, userName, password, roleIds });

/** The add-user form: its checklist holds role ids as text. */
export const newUserFormSchema = newUserSchema.extend({ roleIds: idList(formId) });

/** POST /api/roles/new. */
export const newRoleSchema = z.object({
  name: text(2, "validation.min2", 40),
  description: text(3, "validation.min3", 200),
  permissions: z
    .array(z.enum(permissionNames, msg("validation.invalid")), msg("validation.invalid"))
    .min(1, msg("validation.permissionRequired")),
});

/** POST /api/roles/add-user, POST /api/roles/remove-user and PUT /api/roles/set-user. */
export const userRolesSchema = z.object({ userId: jsonId, roleIds });

/** The edit-roles form: its hidden input and checklist hold ids as text. */
export const userRolesFormSchema = z.object({ userId: formId, roleIds: idList(formId) });

/** An empty query parameter (a form's "All" choice) is the parameter left out. */
const optionalChoice = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const userSorts = ["joined-asc", "joined-desc", "name-asc", "name-desc", "signin-desc", "signin-asc"] as const;

/** GET /api/users/all and /manage/users: search, status, role, order and page. */
export const userListQuery = z.object({
  q: z.string().trim().max(100).catch(""),
  status: optionalChoice(z.enum(["active", "disabled"], msg("manage.invalidUserStatus"))),
  /** A role's id: accounts holding it. */
  role: optionalChoice(
    z
      .string()
      .transform((value) => asciiDigits(value).trim())
      .pipe(z.string().regex(/^[1-9]\d{0,15}$/, msg("validation.invalid")))
      .transform(Number)
      .pipe(jsonId),
  ),
  sort: optionalChoice(z.enum(userSorts, msg("manage.invalidSort"))).transform((sort) => sort ?? "joined-asc"),
  page: queryInteger({ max: PAGE_MAX, fallback: 1 }),
  pageSize: queryInteger({ max: PAGE_SIZE_MAX, fallback: 20 }),
});
export type UserListQuery = z.output<typeof userListQuery>;

/** POST /api/auth/forgot-password: the address a reset link is sent to (if an account has it confirmed). */
export const forgotPasswordSchema = z.object({ email: emailAddress });

/** A link's token, as the link carries it. */
const linkToken = z.string(msg("validation.invalid")).regex(/^[A-Za-z0-9_-]{20,100}$/, msg("validation.invalid"));

/** POST /api/auth/reset-password: the link's token and the new password (every session ends, one starts). */
export const resetPasswordSchema = z.object({ token: linkToken, password });

/** POST /api/users/email: a confirmation link to a new address. */
export const changeEmailSchema = z.object({ email: emailAddress });

/** POST /api/auth/confirm-email: the confirmation link's token. */
export const confirmEmailSchema = z.object({ token: linkToken });

/** An e-mail address, or nothing (empty). */
export const optionalEmail = z
  .string(msg("validation.invalid"))
  .transform(cleanLine)
  .pipe(
    z
      .string()
      .trim()
      .max(254, msg("validation.tooLong", 254))
      .refine((value) => value === "" || z.email().safeParse(value).success, msg("validation.email")),
  )
  .default("");

/** PUT /api/users/update: an administrator changes someone's names, about and e-mail address. */
export const updateUserSchema = z.object({
  userId: jsonId,
  firstName,
  lastName,
  about: optionalAbout,
  email: optionalEmail,
});
export const updateUserFormSchema = updateUserSchema.extend({ userId: formId });

/** POST /api/users/disable, /api/users/enable, /api/users/delete and /api/users/end-sessions. */
export const userIdSchema = z.object({ userId: jsonId });

/** PUT /api/users/set-password: a new password for someone's account (its sessions end). */
export const setPasswordSchema = z.object({ userId: jsonId, password });
export const setPasswordFormSchema = setPasswordSchema.extend({ userId: formId });

/** PUT /api/roles/update: a role's name, description and permissions. */
export const updateRoleSchema = newRoleSchema.extend({ roleId: jsonId });
export const updateRoleFormSchema = newRoleSchema.extend({ roleId: formId });

/** POST /api/roles/delete. */
export const roleIdSchema = z.object({ roleId: jsonId });

/** The client-side forms add a confirmation field to the password payloads. */
export const confirmPassword = z
  .string(msg("validation.invalid"))
  .min(1, filled)
  .min(6, msg("validation.confirmPasswordMin"));

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

/** The notices a member may turn off, as the profile's form names them (the list is "notify.<name>"). */
export type NoticeKind = "moderation" | "comments" | "inbox";

/** PUT /api/users/notifications: each kind on or off; a kind not sent stays as it is. */
export const noticeSettingsSchema = z.object({
  moderation: z.boolean(msg("validation.invalid")).optional(),
  comments: z.boolean(msg("validation.invalid")).optional(),
  inbox: z.boolean(msg("validation.invalid")).optional(),
} satisfies Record<NoticeKind, unknown>);

/** One kind's switch on the profile: a checklist field, ["on"] when on. */
const noticeSwitch = z
  .array(z.string(), msg("validation.invalid"))
  .transform((value) => value.includes("on"))
  .optional();

/** The profile's form: the switches, sent as the call's booleans. */
export const noticeSettingsFormSchema = z.object({
  moderation: noticeSwitch,
  comments: noticeSwitch,
  inbox: noticeSwitch,
} satisfies Record<NoticeKind, unknown>);
