/**
 * The account owner's own calls: register, log in, change password, update profile. Every rule that may
 * refuse is a ServiceError with a catalog key; callers (API routes, the OAuth callback) answer with it.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { comments, users } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { ServiceError } from "~/lib/service-error";
import { removeKeysExcept } from "./account-keys.server";
import type { CurrentUser } from "./current-user.server";
import { recordDevice } from "./devices.server";
import { requireKeyProof } from "~/keys/key-proof.server";
import { hashPassword, verifyPassword } from "./password.server";
import { memberRoleName } from "./permissions";
import { hit, limits, loginDelayMs, refund, refuseOverLimit, reset } from "~/db/rate-limit.server";
import type { LoginInput, RegisterInput } from "./schema";
import { createSession, destroyOtherSessions, destroySession, type ClientInfo } from "./sessions.server";
import { clearPendingCookie, readPendingSignIn, startPendingSignIn, takePendingSignIn } from "./pending-sign-in.server";
import { proveSecondFactor, type SecondFactorProof } from "./second-factor.server";
import { verifyPasskey } from "./passkeys.server";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { hasSecondFactor } from "./second-factor-status.server";
import { requireRecentSecondFactor } from "./recent-proof.server";
import { createUser, displayNameOf, findUserByName, refuseDisabled, type UserRow } from "./users.server";

/** What a sign-in's first factor leads to: a session, or (`secondStep`) a sign-in waiting for the second. */
export interface SignIn {
  /** The Set-Cookie header: the session's, or the pending sign-in's. */
  cookie: string;
  secondStep: boolean;
}

/**
 * Every sign-in goes through here once its first factor is given. Any session the request carried ends first
 * (sessions rotate on login). An account with a second factor gets a pending sign-in (pending-sign-in.server.ts)
 * instead of a session, and the session starts with `finishSecondStep`; any other account gets its session now.
 * A disabled account is refused, whichever way it signs in. `withPassword`: the sign-in typed the password.
 */
export async function startSession(
  db: Database,
  user: UserRow,
  request: Request,
  client: ClientInfo,
  device?: { pub?: string; deviceName?: string },
  { withPassword = false }: { withPassword?: boolean } = {},
): Promise<SignIn> {
  refuseDisabled(user);
  await destroySession(db, request);
  if (await hasSecondFactor(db, user.id)) {
    const cookie = await startPendingSignIn(db, user.id, request, client, { withPassword, device });
    return { cookie, secondStep: true };
  }
  return { cookie: await openSession(db, user, request, client, device, { withPassword }), secondStep: false };
}

/** The session itself, and the device the browser identifies itself with. */
async function openSession(
  db: Database,
  user: UserRow,
  request: Request,
  client: ClientInfo,
  device: { pub?: string; deviceName?: string } | undefined,
  proof: { withPassword: boolean; secondFactor?: boolean },
): Promise<string> {
  const { cookie } = await createSession(db, user.id, request, client, proof);
  if (device?.pub) {
    const recorded = await recordDevice(db, {
      ...device,
      pub: device.pub,
      userId: user.id,
      ...client,
      secondFactor: proof.secondFactor,
    });
    if (recorded) {
      await db.update(users).set({ pub: device.pub }).where(eq(users.id, user.id));
      // The comments this browser's key signed before it had an account are the account's now.
      await db
        .update(comments)
        .set({ userId: user.id })
        .where(and(isNull(comments.userId), eq(comments.authorPub, device.pub)));
    }
  }
  return cookie;
}

/**
 * The second step of a pending sign-in: a code from the authenticator app, a recovery code or a passkey. The
 * pending sign-in is taken once; the session starts as the first step left it (its device, whether the password
 * was typed) with the second factor given. Returns the Set-Cookie headers (the session's, the pending one cleared).
 */
export async function finishSecondStep(
  db: Database,
  proof: SecondFactorProof,
  request: Request,
  client: ClientInfo,
): Promise<{ user: UserRow; cookies: string[] }> {
  const pending = await readPendingSignIn(db, request);
  if (!pending) throw new ServiceError(401, "auth.secondStep.expired");
  await proveSecondFactor(db, pending.userId, proof, request, "second-step");
  if (!(await takePendingSignIn(db, pending.id))) throw new ServiceError(401, "auth.secondStep.expired");
  const user = await db.select().from(users).where(eq(users.id, pending.userId)).get();
  if (!user) throw new ServiceError(401, "auth.secondStep.expired");
  refuseDisabled(user);
  const device = pending.devicePub
    ? { pub: pending.devicePub, deviceName: pending.deviceName ?? undefined }
    : undefined;
  const origin = { ip: pending.ip ?? client.ip, userAgent: pending.userAgent };
  const cookie = await openSession(db, user, request, origin, device, {
    withPassword: pending.withPassword,
    secondFactor: true,
  });
  return { user, cookies: [cookie, clearPendingCookie(request)] };
}

/**
 * Signs in with a passkey alone: a discoverable credential that verified its user is both factors. The pending
 * sign-in the browser may hold is left to expire.
 */
export async function signInWithPasskey(
  db: Database,
  response: AuthenticationResponseJSON,
  request: Request,
  client: ClientInfo,
  device?: { pub?: string; deviceName?: string },
): Promise<{ user: UserRow; cookie: string }> {
  const userId = await verifyPasskey(db, response, request, "sign-in", null);
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new ServiceError(400, "auth.passkey.unknown");
  refuseDisabled(user);
  await destroySession(db, request);
  const cookie = await openSession(db, user, request, client, device, { withPassword: false, secondFactor: true });
  return { user, cookie };
}

/** Registration: a Member account, logged in at once, with the browser's key once it has proved holding it. */
export async function register(
  db: Database,
  input: RegisterInput,
  request: Request,
  client: ClientInfo,
): Promise<{ user: UserRow } & SignIn> {
  const hits = await Promise.all([
    hit(db, limits.registerByAddress, client.ip || "unknown"),
    hit(db, limits.registerByNameAndAddress, `${input.userName}@${client.ip || "unknown"}`),
  ]);
  refuseOverLimit(...hits);
  requireKeyProof(input.proof, { pub: input.pub, request, action: "register" });
  const { proof: _proof, ...fields } = input;
  const user = await writeTransaction(db, (tx) => createUser(tx, fields, [memberRoleName]));
  return { user, ...(await startSession(db, user, request, client, input, { withPassword: true })) };
}

/**
 * A user name and password checked as every sign-in checks them: failures are counted per user name and address,
 * per address and per user name (see `limits` for why three ways) before the password is looked at, and a success
 * gives its counts back. Whatever is wrong (no such user, wrong password, no password at all) the answer is the
 * same. `beforeCheck` runs once the attempt is counted and allowed, before the password is looked at.
 */
export async function checkPassword(
  db: Database,
  credentials: { userName: string; password: string },
  address: string,
  beforeCheck?: () => void,
): Promise<UserRow> {
  const nameAtAddress = `${credentials.userName}@${address}`;
  const [byNameAndAddress, byAddress, byName] = await Promise.all([
    hit(db, limits.loginByNameAndAddress, nameAtAddress),
    hit(db, limits.loginByAddress, address),
    hit(db, limits.loginByName, credentials.userName),
  ]);
  refuseOverLimit(byNameAndAddress, byAddress);
  beforeCheck?.();
  const delay = loginDelayMs(byName);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  const user = await findUserByName(db, credentials.userName);
  const ok = await verifyPassword(credentials.password, user?.passwordHash);
  if (!user || !ok) throw new ServiceError(401, "auth.invalidCredentials");
  await Promise.all([
    reset(db, limits.loginByNameAndAddress, nameAtAddress),
    refund(db, limits.loginByAddress, address),
    refund(db, limits.loginByName, credentials.userName),
  ]);
  return user;
}

/** Login: the password checked as `checkPassword` checks it, then a session. */
export async function login(
  db: Database,
  input: LoginInput,
  request: Request,
  client: ClientInfo,
): Promise<{ user: UserRow } & SignIn> {
  const user = await checkPassword(db, input, client.ip || "unknown", () => {
    if (input.pub) requireKeyProof(input.proof, { pub: input.pub, request, action: "login" });
  });
  return { user, ...(await startSession(db, user, request, client, input, { withPassword: true })) };
}

/**
 * Changes the password after checking the current one (and, for an account with a second factor, that the
 * session gave it recently), ends every other session of the account and removes
 * its keys but those the member keeps (`keep`; none when left out).
 */
export async function changePassword(
  db: Database,
  user: CurrentUser,
  input: { oldPassword: string; newPassword: string; keep?: readonly string[] },
): Promise<void> {
  await requireRecentSecondFactor(db, user);
  const attempt = await hit(db, limits.passwordByUser, String(user.id));
  refuseOverLimit(attempt);
  const row = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
  if (!(await verifyPassword(input.oldPassword, row?.passwordHash))) {
    throw new ServiceError(400, "auth.wrongPassword", {
      issues: [{ path: "oldPassword", message: "auth.wrongPassword" }],
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await writeTransaction(db, async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await destroyOtherSessions(tx, user.id, user.sessionId);
    await removeKeysExcept(tx, user.id, input.keep ?? []);
  });
  await reset(db, limits.passwordByUser, String(user.id));
}

export async function updateProfile(
  db: Database,
  userId: number,
  input: { firstName: string; lastName: string; about: string },
): Promise<void> {
  const row = await db.select({ userName: users.userName }).from(users).where(eq(users.id, userId)).get();
  if (!row) throw new ServiceError(404, "manage.userNotFound");
  await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      about: input.about,
      displayName: displayNameOf({ ...input, userName: row.userName }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}
