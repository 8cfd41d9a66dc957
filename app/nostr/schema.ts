/** The payloads of the Nostr calls, shared by the browser's forms and the API. Messages are catalog keys. */
import * as z from "zod";
import { asciiDigits } from "~/i18n/format";
import { cleanLine } from "~/lib/clean-text";
import { ncryptsecLength, ncryptsecProblem } from "~/keys/ncryptsec";
import { msg } from "~/lib/validation";

const userName = z.string(msg("validation.invalid")).regex(/^[A-Za-z0-9._-]{1,40}$/, msg("validation.invalid"));

/** GET /api/nostr/zap?user=: a member's zap terms. */
export const zapTermsQuerySchema = z.object({ user: userName });

/** POST /api/nostr/zap: a signed zap request (as JSON text) for an amount in millisats. */
export const zapInvoiceSchema = z.object({
  user: userName,
  amount: z
    .number(msg("validation.invalid"))
    .int(msg("validation.invalid"))
    .min(1000, msg("validation.invalid"))
    .max(2_100_000_000_000_000, msg("validation.invalid")),
  zapRequest: z.string(msg("validation.invalid")).max(20_000, msg("validation.tooLong", 20_000)),
});

/** Lightning address: name@domain, or empty to remove it. */
export const lightningAddressSchema = z.object({
  lightningAddress: z
    .string(msg("validation.invalid"))
    .transform((value) => asciiDigits(cleanLine(value)).trim().toLowerCase())
    .pipe(
      z
        .string()
        .max(320, msg("validation.tooLong", 320))
        .refine(
          (value) => value === "" || /^[a-z0-9._+-]{1,64}@[a-z0-9.-]{1,253}(:\d{1,5})?$/.test(value),
          msg("nostr.lightning.invalid"),
        ),
    ),
});

const pubkey = z.string(msg("validation.invalid")).regex(/^[0-9a-f]{64}$/, msg("validation.pubkey"));

/** POST /api/nostr/verify-name: does `identifier` (name@domain) name `pubkey`? */
export const verifyNameSchema = z.object({
  identifier: z
    .string(msg("validation.invalid"))
    .transform((value) => cleanLine(value).trim().toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9._-]{1,64}@[a-z0-9.-]{1,253}(:\d{1,5})?$/, msg("nostr.verify.badIdentifier"))),
  pubkey,
});

/** POST /api/nostr/verify-gist: does the GitHub gist `gist` by `user` prove `pubkey` (NIP-39)? */
export const verifyGistSchema = z.object({
  user: z.string(msg("validation.invalid")).regex(/^[A-Za-z0-9-]{1,39}$/, msg("nostr.verify.badGist")),
  gist: z.string(msg("validation.invalid")).regex(/^[A-Za-z0-9]{1,64}$/, msg("nostr.verify.badGist")),
  pubkey,
});

/** A signed event as JSON: checked in full by the service. */
const signedEvent = z.record(z.string(), z.unknown(), msg("validation.invalid"));

/** POST /api/auth/nostr/login and /api/auth/nostr/link: the challenge signed by the key (kind 22242). */
export const signedChallengeSchema = z.object({ event: signedEvent });

/**
 * POST /api/nostr/messaging-key: the account's messaging key, its secret encrypted in the browser (NIP-49), with
 * the key's proof of possession; `replaces` names the key it takes the place of (a member who lost the
 * passphrase starts again), absent for the first one.
 */
export const messagingKeySchema = z.object({
  pubkey,
  ncryptsec: z
    .string(msg("validation.invalid"))
    .max(ncryptsecLength, msg("nostr.messaging.corrupt"))
    .refine((value) => ncryptsecProblem(value) === undefined, msg("nostr.messaging.corrupt")),
  proof: signedEvent,
  replaces: pubkey.optional(),
});
