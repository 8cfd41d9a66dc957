import { connection } from "~/db/client.server";
import { json } from "~/lib/http.server";

/** Liveness and database reachability, for load balancers and the installer's first look. */
export async function loader() {
  const started = performance.now();
  try {
    const { client } = await connection();
    const row = (await client.execute("select sqlite_version() as version")).rows[0];
    return json({
      status: "ok",
      database: { reachable: true, version: String(row?.version ?? ""), latencyMs: Math.round(performance.now() - started) },
    });
  } catch {
    return json({ status: "error", database: { reachable: false } }, 503);
  }
}
