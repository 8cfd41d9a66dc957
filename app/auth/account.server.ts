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
import { createUser, displayNameOf, findUserByName, refuseDisabled, type UserRow } from "./users.server";

/**
 * Starts a fresh session for `user` (any session the request carried is ended first: sessions rotate on
 * login) and records the device the browser identifies itself with. Returns the
 * Set-Cookie header. A disabled account is refused, whichever way it signs in. `withPassword`: the sign-in
 * typed the account's password.
 */
export async function startSession(
  db: Database,
  user: UserRow,
  request: Request,
  client: ClientInfo,
  device?: { pub?: string; deviceName?: string },
  { withPassword = false }: { withPassword?: boolean } = {},
): Promise<string> {
  refuseDisabled(user);
  await destroySession(db, request);
  const { cookie } = await createSession(db, user.id, request, client, { withPassword });
  if (device?.pub) {
    const recorded = await recordDevice(db, { ...device, pub: device.pub, userId: user.id, ...client });
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

/** Registration: a Member account, logged in at once, with the browser's key once it has proved holding it. */
export async function register(
  db: Database,
  input: RegisterInput,
  request: Request,
  client: ClientInfo,
): Promise<{ user: UserRow; cookie: string }> {
  const hits = await Promise.all([
    hit(db, limits.registerByAddress, client.ip || "unknown"),
    hit(db, limits.registerByNameAndAddress, `${input.userName}@${client.ip || "unknown"}`),
  ]);
  refuseOverLimit(...hits);
  requireKeyProof(input.proof, { pub: input.pub, request, action: "register" });
  const { proof: _proof, ...fields } = input;
  const user = await writeTransaction(db, (tx) => createUser(tx, fields, [memberRoleName]));
  const cookie = await startSession(db, user, request, client, input, { withPassword: true });
  return { user, cookie };
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
): Promise<{ user: UserRow; cookie: string }> {
  const user = await checkPassword(db, input, client.ip || "unknown", () => {
    if (input.pub) requireKeyProof(input.proof, { pub: input.pub, request, action: "login" });
  });
  const cookie = await startSession(db, user, request, client, input, { withPassword: true });
  return { user, cookie };
}

/**
 * Changes the password after checking the current one, ends every other session of the account and removes
 * its keys but those the member keeps (`keep`; none when left out).
 */
export async function changePassword(
  db: Database,
  user: CurrentUser,
  input: { oldPassword: string; newPassword: string; keep?: readonly string[] },
): Promise<void> {
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
