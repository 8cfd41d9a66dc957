/**
 * Passkey challenges are bounded without letting one network shut passkeys off for everyone: anonymous (sign-in)
 * challenges count per address (an IPv6 client's whole /64) and against the site-wide cap; challenges bound to an
 * account count only against that account.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { authenticationOptions, registrationOptions } from "~/auth/passkeys.server";
import { createUser } from "~/auth/users.server";
import { getDb } from "~/db/client.server";
import { limits } from "~/db/rate-limit.server";
import { webauthnChallenges } from "~/db/schema";
import { seedDatabaseAt } from "../helpers/seed";

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
});

const request = () => new Request("http://localhost/api/auth/passkeys/options", { method: "POST" });
const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { status?: number }) => error.status,
  );

describe("passkey challenges", () => {
  test("rotating addresses within one IPv6 /64 share one budget; another network has its own", async () => {
    const db = await getDb();
    const answers: (number | undefined)[] = [];
    for (let n = 0; n <= limits.passkeyChallengeByAddress.max; n++) {
      answers.push(
        await status(authenticationOptions(db, request(), "sign-in", null, `2001:db8:1:2::${n.toString(16)}`)),
      );
    }
    expect(answers.slice(0, -1).every((answer) => answer === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    expect(await status(authenticationOptions(db, request(), "sign-in", null, "2001:db8:1:3::1"))).toBe(200);
  });

  test("at the cap of anonymous challenges, sign-in waits but a member still adds a passkey, up to their own bound", async () => {
    const db = await getDb();
    const user = await createUser(
      db,
      { userName: "keyholder", password: "password123", firstName: "Key", lastName: "Holder", about: "" },
      ["Member"],
    );
    const expiresAt = new Date(Date.now() + 60_000);
    const rows = Array.from({ length: 10_000 }, (_, n) => ({
      challenge: `flood-${n}`,
      purpose: "sign-in",
      userId: null,
      expiresAt,
    }));
    for (let i = 0; i < rows.length; i += 1000) await db.insert(webauthnChallenges).values(rows.slice(i, i + 1000));
    expect(await status(authenticationOptions(db, request(), "sign-in", null, "198.51.100.7"))).toBe(503);

    const member = { id: user.id, userName: "keyholder", displayName: "Key Holder" };
    const answers: (number | undefined)[] = [];
    for (let n = 0; n <= 10; n++) answers.push(await status(registrationOptions(db, member, request(), "Daftar")));
    expect(answers.slice(0, -1).every((answer) => answer === 200)).toBe(true);
    // One account's own challenges are bounded too.
    expect(answers.at(-1)).toBe(429);
  });
});
