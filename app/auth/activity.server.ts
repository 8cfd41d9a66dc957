/** The account owner's own activity for /profile: sessions, devices, comments, linked providers. */
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { comments, sessions } from "~/db/schema";
import { devicesOf } from "./devices.server";
import { linkedProviders } from "./oauth/flow.server";

export interface SessionInfo {
  current: boolean;
  ip: string | null;
  userAgent: string | null;
  lastSeenAt: string;
  createdAt: string;
}

export async function activityOf(db: Database, userId: number, currentSessionId: string) {
  const [sessionRows, deviceRows, commentRows, providers] = await Promise.all([
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
      .orderBy(desc(sessions.lastSeenAt))
      .limit(20)
      .all(),
    devicesOf(db, userId),
    db
      .select({
        id: comments.id,
        routePath: comments.routePath,
        body: comments.body,
        status: comments.status,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .where(and(eq(comments.userId, userId), ne(comments.status, "trash")))
      .orderBy(desc(comments.createdAt))
      .limit(20)
      .all(),
    linkedProviders(db, userId),
  ]);
  const sessionList: SessionInfo[] = sessionRows
    .map((s) => ({
      current: s.id === currentSessionId,
      ip: s.ip,
      userAgent: s.userAgent,
      lastSeenAt: s.lastSeenAt.toISOString(),
      createdAt: s.createdAt.toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
  return {
    sessions: sessionList,
    devices: deviceRows.map((d) => ({
      ...d,
      lastActivityAt: d.lastActivityAt.toISOString(),
      createdAt: d.createdAt.toISOString(),
    })),
    comments: commentRows.map((c) => ({ ...c, body: c.body.slice(0, 200), createdAt: c.createdAt.toISOString() })),
    linkedProviders: providers,
  };
}
