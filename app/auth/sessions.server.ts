import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { readCookie, serializeCookie } from "~/lib/cookies";
import { secureCookies } from "~/lib/site-origin.server";
import { hasSecondFactor } from "./second-factor-status.server";

export const sessionCookieName = "daftar_session";
/** Sessions last 30 days and are extended while in use. */
export const sessionMaxAgeMs = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt (and the expiry) are refreshed at most this often, to keep reads cheap. */
const touchEveryMs = 60 * 60 * 1000;

function idOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Where a request came from: recorded with sessions and devices, and the subject of address limits. */
export interface ClientInfo {
  ip?: string;
  userAgent?: string | null;
}

/**
 * Starts a session for the user (a sign-in: the account's last sign-in is now) and returns the Set-Cookie
 * header. The cookie holds a random token; the database holds only its hash, so a leaked database cannot be
 * replayed as cookies. `withPassword`: the sign-in typed the account's password; `secondFactor`: it gave the
 * account's second factor (see recent-proof.server.ts). An account with a second factor gets no session without
 * it: a sign-in that would skip it is a mistake in the code, refused here whichever way it came.
 */
export async function createSession(
  db: Database,
  userId: number,
  request: Request,
  client: ClientInfo = {},
  { withPassword = false, secondFactor = false }: { withPassword?: boolean; secondFactor?: boolean } = {},
): Promise<{ sessionId: string; cookie: string }> {
  if (!secondFactor && (await hasSecondFactor(db, userId))) {
    throw new Error("A session for an account with a second factor was asked for without it");
  }
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  const sessionId = idOf(token);
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    expiresAt: new Date(now + sessionMaxAgeMs),
    lastSeenAt: new Date(now),
    passwordAt: withPassword ? new Date(now) : null,
    secondFactorAt: secondFactor ? new Date(now) : null,
    ip: client.ip ?? null,
    userAgent: client.userAgent?.slice(0, 500) ?? request.headers.get("user-agent")?.slice(0, 500) ?? null,
  });
  await db
    .update(users)
    .set({ lastSignInAt: new Date(now) })
    .where(eq(users.id, userId));
  return { sessionId, cookie: sessionCookie(token, request) };
}

function sessionCookie(token: string, request: Request): string {
  return serializeCookie(sessionCookieName, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: secureCookies(request),
    maxAge: Math.floor(sessionMaxAgeMs / 1000),
  });
}

export function clearSessionCookie(request: Request): string {
  return serializeCookie(sessionCookieName, "", {
    httpOnly: true,
    sameSite: "Lax",
    secure: secureCookies(request),
    maxAge: 0,
  });
}

export function sessionTokenOf(request: Request): string | undefined {
  return readCookie(request.headers.get("cookie"), sessionCookieName) || undefined;
}

/** The live session named by the request's cookie, refreshed when it is used; undefined when none. */
export async function readSession(db: Database, request: Request) {
  const token = sessionTokenOf(request);
  if (!token) return undefined;
  const id = idOf(token);
  const now = Date.now();
  const session = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date(now))))
    .get();
  if (!session) return undefined;
  if (now - session.lastSeenAt.getTime() > touchEveryMs) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + sessionMaxAgeMs) })
      .where(eq(sessions.id, id));
  }
  return session;
}

/** Ends the request's session (logout). */
export async function destroySession(db: Database, request: Request): Promise<void> {
  const token = sessionTokenOf(request);
  if (token) await db.delete(sessions).where(eq(sessions.id, idOf(token)));
}

/** Ends every session of the user except `keepId` (after a password change). */
export async function destroyOtherSessions(db: Database, userId: number, keepId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
