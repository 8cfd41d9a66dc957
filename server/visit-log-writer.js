/**
 * The visit log's database writer, in a worker thread of its own (app/traffic/log-writer.server.ts starts it).
 * An embedded database runs SQLite on the calling thread, and a commit waits for the disk: done on the server's
 * thread, every batch of views would hold every page for that long. Here it holds nothing but this thread.
 * Plain JavaScript, loaded by path, so it runs the same under the production build, tsx and the tests.
 *
 * Each message is one batch: `guard` runs first and, when it returns no row (the batch was written before),
 * nothing else does; otherwise `rest` follows, all in one write transaction.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createClient } from "@libsql/client";

const { url, authToken, busyTimeoutMs, requestTimeoutMs } = workerData;
const client = createClient({
  url,
  authToken,
  timeout: busyTimeoutMs,
  fetch: url.startsWith("file:")
    ? undefined
    : // The database the operator configured (or the installer checked): this thread cannot load the outbound
      // module, so its connection is not pinned to a checked address (docs/decisions/024-outbound-requests.md).
      // eslint-disable-next-line daftar/outbound-through-module
      (request) => fetch(request, { signal: AbortSignal.timeout(requestTimeoutMs) }),
});

parentPort.on("message", async ({ id, guard, rest }) => {
  try {
    const tx = await client.transaction("write");
    try {
      const fresh = await tx.execute(guard);
      if (fresh.rows.length > 0) for (const statement of rest) await tx.execute(statement);
      await tx.commit();
    } catch (error) {
      await tx.rollback().catch(() => undefined);
      throw error;
    } finally {
      tx.close();
    }
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({
      id,
      error: error instanceof Error ? `${error.message} ${error.cause ?? ""}`.trim() : String(error),
    });
  }
});
