/**
 * Starts the production build in this process on a free loopback port, with the test file's own database
 * (tests/setup.ts chose it). The same HTTP front as `npm start`: headers, compression, static files.
 */
import type { Server } from "node:http";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { getDb, type Database } from "~/db/client.server";
import { boundConnections, createHttpApp, serveRelay, type AppModule } from "../../server/http";
import { seedDatabase } from "./seed";

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

export async function startAppServer(): Promise<TestServer> {
  const build = (await import(path.join(root, "build/server/index.js"))) as AppModule;
  const http = createHttpApp(build.app, { clientDir: path.join(root, "build/client"), log: false });
  const server: Server = await new Promise((resolve) => {
    const s = http.listen(0, "127.0.0.1", () => resolve(s));
  });
  boundConnections(server);
  serveRelay(server, async () => build);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  await build.onServerStart(url);
  return {
    url,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await build.onServerStop();
    },
  };
}

/**
 * For a whole test file: its database seeded with the bundled content and accounts (plus whatever `extra` adds),
 * and the app served over it, stopped after the file. Read `.url` inside tests.
 */
export function serveSeededApp(extra?: (db: Database) => Promise<unknown>): { readonly url: string } {
  let server: TestServer | undefined;
  beforeAll(async () => {
    const db = await getDb();
    await seedDatabase(db);
    await extra?.(db);
    server = await startAppServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get url() {
      if (!server) throw new Error("serveSeededApp: the server starts in beforeAll");
      return server.url;
    },
  };
}
