/**
 * The entry modules of the worker threads and of the export's reader process, by name. The server build (vite.config.ts) writes each one to
 * `build/server/<name>.js` beside the server's own entry; sources (tests, development) start the module itself
 * through tsx. `workerEntry` in app/lib/worker-pool.server.ts picks one or the other.
 */
export const WORKER_ENTRIES = {
  "markdown-worker": "app/edge/markdown-worker.server.ts",
  "export-reader": "app/import/export-reader.server.ts",
} as const;

export type WorkerName = keyof typeof WORKER_ENTRIES;
