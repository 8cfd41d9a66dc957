import { connection } from "./client.server";

export type DatabaseHealth = { reachable: true; version: string; latencyMs: number } | { reachable: false };

/** How long a health check may wait for the database (a server that accepts and never answers). */
const probeTimeoutMs = 3000;

/** Whether the database answers now, with its SQLite version and how long it took. */
export async function databaseHealth(): Promise<DatabaseHealth> {
  const started = performance.now();
  try {
    const probe = connection().then(({ client }) => client.execute("select sqlite_version() as version"));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("database health check timed out")), probeTimeoutMs);
    });
    const row = (await Promise.race([probe, timeout]).finally(() => clearTimeout(timer))).rows[0];
    return { reachable: true, version: String(row?.version ?? ""), latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { reachable: false };
  }
}

/** How long a page may rely on the last check: pages ask on every render, the database once a second at most. */
const pageCheckMs = 1000;
let lastCheck: { at: number; health: Promise<DatabaseHealth> } | undefined;

/**
 * Whether the database answered within the last second (pages use it to show the outage page). Concurrent
 * renders share one check; a site that recovers shows it within a second.
 */
export function recentDatabaseHealth(): Promise<DatabaseHealth> {
  const now = performance.now();
  if (!lastCheck || now - lastCheck.at > pageCheckMs) lastCheck = { at: now, health: databaseHealth() };
  return lastCheck.health;
}
