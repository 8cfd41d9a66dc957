/**
 * Runs the visit log's write transactions in a worker thread with its own connection (server/visit-log-writer.js
 * says why), one at a time, in the order given. Started on first use, restarted after a failure, and when the
 * site moves to another database; `stopLogWriter` ends it.
 */
import path from "node:path";
import { Worker } from "node:worker_threads";
import { databaseTarget, projectRoot } from "~/config.server";
import { busyTimeoutMs, remoteRequestTimeoutMs } from "~/db/client.server";

export interface Statement {
  sql: string;
  args: (string | number | null)[];
}

interface Running {
  worker: Worker;
  target: string;
  pending: Map<number, { resolve: () => void; reject: (error: Error) => void }>;
}

let running: Running | undefined;
let nextId = 0;

function writer(): Running {
  const { url, authToken } = databaseTarget();
  const target = `${url}\n${authToken ?? ""}`;
  if (running && running.target === target) return running;
  if (running) void stopLogWriter();
  const worker = new Worker(path.join(projectRoot, "server/visit-log-writer.js"), {
    workerData: { url, authToken, busyTimeoutMs, requestTimeoutMs: remoteRequestTimeoutMs },
  });
  // The writer never keeps a stopping process alive; the server writes the last views before it lets go.
  worker.unref();
  const self: Running = { worker, target, pending: new Map() };
  const fail = (error: Error) => {
    for (const { reject } of self.pending.values()) reject(error);
    self.pending.clear();
    if (running === self) running = undefined;
  };
  worker.on("message", ({ id, error }: { id: number; error?: string }) => {
    const waiting = self.pending.get(id);
    self.pending.delete(id);
    if (error) waiting?.reject(new Error(error));
    else waiting?.resolve();
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`The visit log's writer stopped (exit code ${code})`)));
  running = self;
  return self;
}

/** Runs `guard`, then `rest` unless `guard` returned no row, in one write transaction. */
export function writeOnce(guard: Statement, rest: Statement[]): Promise<void> {
  const { worker, pending } = writer();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, guard, rest });
  });
}

/** Ends the writer (after the last batch was written). */
export async function stopLogWriter(): Promise<void> {
  const stopping = running;
  running = undefined;
  if (stopping) await stopping.worker.terminate();
}
