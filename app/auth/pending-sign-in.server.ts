/**
 * A sign-in waiting for its second factor: the first factor (password, Nostr key, a provider, a reset link) was
 * given, and the account has a second one. It is not a session: its cookie is another one, which nothing but the
 * second step reads, so it opens nothing else. It lasts five minutes and is taken once.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pendingSignIns } from "~/db/schema";
import { readCookie, serializeCookie } from "~/lib/cookies";
import { secureCookies } from "~/lib/site-origin.server";
import type { ClientInfo } from "./sessions.server";

export const pendingCookieName = "daftar_pending";
export const pendingSignInMs = 5 * 60_000;

function idOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function pendingCookie(token: string, request: Request, maxAgeSeconds: number): string {
  return serializeCookie(pendingCookieName, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: secureCookies(request),
    maxAge: maxAgeSeconds,
  });
}

export interface PendingDetails {
  withPassword: boolean;
  device?: { pub?: string; deviceName?: string };
}

/** Starts a pending sign-in for `userId`; returns its Set-Cookie header. */
export async function startPendingSignIn(
  db: Database,
  userId: number,
  request: Request,
  client: ClientInfo,
  { withPassword, device }: PendingDetails,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(pendingSignIns).values({
    id: idOf(token),
    userId,
    expiresAt: new Date(Date.now() + pendingSignInMs),
    withPassword,
    devicePub: device?.pub ?? null,
    deviceName: device?.deviceName?.slice(0, 100) ?? null,
    ip: client.ip ?? null,
    userAgent: (client.userAgent ?? request.headers.get("user-agent"))?.slice(0, 500) ?? null,
  });
  return pendingCookie(token, request, pendingSignInMs / 1000);
}

/** The live pending sign-in the request's cookie names (not taken), or undefined. */
export async function readPendingSignIn(db: Database, request: Request) {
  const token = readCookie(request.headers.get("cookie"), pendingCookieName);
  if (!token) return undefined;
  return db
    .select()
    .from(pendingSignIns)
    .where(and(eq(pendingSignIns.id, idOf(token)), gt(pendingSignIns.expiresAt, new Date())))
    .get();
}

/** Takes the pending sign-in `id` (once: of two requests that race, one gets it). */
export async function takePendingSignIn(db: Database, id: string): Promise<boolean> {
  const taken = await db
    .delete(pendingSignIns)
    .where(and(eq(pendingSignIns.id, id), gt(pendingSignIns.expiresAt, new Date())))
    .returning({ id: pendingSignIns.id })
    .all();
  return taken.length === 1;
}

export function clearPendingCookie(request: Request): string {
  return pendingCookie("", request, 0);
}

export async function deleteExpiredPendingSignIns(db: Database): Promise<void> {
  await db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, new Date()));
}
