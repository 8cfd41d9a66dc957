/**
 * Proof that the person holding a session is the account's owner, recently: what adding a way to sign in (a
 * Nostr key, a provider account, an e-mail address a reset link goes to) needs, since whoever adds one can come back with it for good. A stolen
 * session cookie alone is not enough. An account with a password needs it typed in this session within the
 * last ten minutes (signing in with it, or confirming it on the profile); an account without one needs a
 * sign-in that recent. An account with a second factor needs it given in this session within the same ten minutes
 * too (signing in, or confirming a code on the profile).
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import type { MessageKey } from "~/i18n/translate";
import { ServiceError } from "~/lib/service-error";
import type { CurrentUser } from "./current-user.server";
import { verifyPassword } from "./password.server";
import { hasSecondFactor } from "./second-factor-status.server";
import { hit, limits, refuseOverLimit, reset } from "~/db/rate-limit.server";

export const recentProofMs = 10 * 60_000;

export interface ProofState {
  /** Whether the account has a password (else proof is a fresh sign-in). */
  hasPassword: boolean;
  /** Whether the session gave the password recently (or, without one, signed in recently). */
  firstRecent: boolean;
  /** Whether the account has a second factor, and the session gave it recently. */
  secondFactor: { required: boolean; recent: boolean };
  /** Until when the session may add a way to sign in; null when it may not now. */
  until: Date | null;
}

/** How the session `user` stands: what it needs before it may link a key or an account. */
export async function proofState(db: Database, user: Pick<CurrentUser, "id" | "sessionId">): Promise<ProofState> {
  const row = await db
    .select({
      passwordHash: users.passwordHash,
      passwordAt: sessions.passwordAt,
      createdAt: sessions.createdAt,
      secondFactorAt: sessions.secondFactorAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, user.sessionId), eq(sessions.userId, user.id)))
    .get();
  const required = await hasSecondFactor(db, user.id);
  // A signed request (NIP-98) has no session: it never links anything.
  if (!row) return { hasPassword: true, firstRecent: false, secondFactor: { required, recent: false }, until: null };
  const hasPassword = row.passwordHash !== null;
  const now = Date.now();
  const recentUntil = (at: Date | null) =>
    at && at.getTime() + recentProofMs > now ? at.getTime() + recentProofMs : null;
  const first = recentUntil(hasPassword ? row.passwordAt : row.createdAt);
  const second = required ? recentUntil(row.secondFactorAt) : Infinity;
  const until = first !== null && second !== null ? new Date(Math.min(first, second)) : null;
  return { hasPassword, firstRecent: first !== null, secondFactor: { required, recent: second !== null }, until };
}

/** Refuses (403, with what to do: `messages` name the action) unless the session proved its owner recently. */
export async function requireRecentProof(
  db: Database,
  user: Pick<CurrentUser, "id" | "sessionId">,
  messages: { passwordNeeded: MessageKey; signInAgain: MessageKey } = {
    passwordNeeded: "auth.proof.passwordNeeded",
    signInAgain: "auth.proof.signInAgain",
  },
): Promise<void> {
  const state = await proofState(db, user);
  if (state.until) return;
  // The password (or a fresh sign-in) is asked first; with it given, what is missing is the code.
  const key = state.firstRecent
    ? "auth.proof.secondFactorNeeded"
    : state.hasPassword
      ? messages.passwordNeeded
      : messages.signInAgain;
  throw new ServiceError(403, key, { reason: "proof" });
}

/**
 * For a change that asks for the password itself (a new password): an account with a second factor needs it given
 * in this session within the last ten minutes too.
 */
export async function requireRecentSecondFactor(
  db: Database,
  user: Pick<CurrentUser, "id" | "sessionId">,
): Promise<void> {
  const { secondFactor } = await proofState(db, user);
  if (secondFactor.required && !secondFactor.recent) {
    throw new ServiceError(403, "auth.proof.secondFactorNeeded", { reason: "proof" });
  }
}

/**
 * The owner types the password in this session: checked (counted against the account's password limit) and
 * noted, so linking works for the next ten minutes.
 */
export async function confirmPassword(
  db: Database,
  user: Pick<CurrentUser, "id" | "sessionId">,
  password: string,
): Promise<void> {
  refuseOverLimit(await hit(db, limits.passwordByUser, String(user.id)));
  const row = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
  if (!row?.passwordHash) throw new ServiceError(409, "auth.proof.noPassword");
  if (!(await verifyPassword(password, row.passwordHash))) {
    throw new ServiceError(400, "auth.wrongPassword", {
      issues: [{ path: "password", message: "auth.wrongPassword" }],
    });
  }
  const updated = await db
    .update(sessions)
    .set({ passwordAt: new Date() })
    .where(and(eq(sessions.id, user.sessionId), eq(sessions.userId, user.id)))
    .returning({ id: sessions.id })
    .all();
  if (updated.length === 0) throw new ServiceError(403, "auth.proof.passwordNeeded", { reason: "proof" });
  await reset(db, limits.passwordByUser, String(user.id));
}
