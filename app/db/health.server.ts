import { connection } from "./client.server";

export type DatabaseHealth = { reachable: true; version: string; latencyMs: number } | { reachable: false };

/** Whether the database answers now, with its SQLite version and how long it took. */
export async function databaseHealth(): Promise<DatabaseHealth> {
  const started = performance.now();
  try {
    const { client } = await connection();
    const row = (await client.execute("select sqlite_version() as version")).rows[0];
    return { reachable: true, version: String(row?.version ?? ""), latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { reachable: false };
  }
}
