/**
 * Signatures for links the site hands out that must work without a session and without a row of their own (an
 * unsubscribe link in every message): an HMAC over what the link says, with a key the site makes on first need
 * and keeps in the database, so every instance makes and checks the same signatures. The key never leaves this
 * module.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { siteSecrets } from "~/db/schema";

const secretName = "links.signing-key";
let cached: Buffer | undefined;

async function signingKey(db: Database): Promise<Buffer> {
  if (cached) return cached;
  // Two instances making it at once: the first insert wins, both read the winner.
  await db
    .insert(siteSecrets)
    .values({ name: secretName, value: randomBytes(32).toString("hex") })
    .onConflictDoNothing()
    .run();
  const row = await db
    .select({ value: siteSecrets.value })
    .from(siteSecrets)
    .where(eq(siteSecrets.name, secretName))
    .get();
  if (!row || !/^[0-9a-f]{64}$/.test(row.value)) throw new Error("The site's link-signing key is missing or damaged");
  cached = Buffer.from(row.value, "hex");
  return cached;
}

/** The signature of `payload` (base64url, 128 bits: enough against guessing, short enough for a link). */
export async function signLink(db: Database, payload: string): Promise<string> {
  return createHmac("sha256", await signingKey(db))
    .update(payload)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/** Whether `signature` is this site's for `payload` (compared in constant time). */
export async function linkSigned(db: Database, payload: string, signature: string): Promise<boolean> {
  const expected = Buffer.from(await signLink(db, payload));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
