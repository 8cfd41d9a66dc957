/**
 * Hostile input against the installer, the one part of the site that answers before anyone has an account: every
 * /api/install/* call in app/routes.ts, probed by someone holding the setup token (the worst case). The answers
 * follow the same rules as the installed site's (tests/helpers/hostile-probe.ts), and a refused database address
 * never becomes the site's database.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { databaseFingerprint } from "../helpers/db-fingerprint";
import { schemaFieldNames } from "../helpers/hostile";
import { probeArbitrary, sendProbe } from "../helpers/hostile-probe";
import { installClient } from "../helpers/install-client";
import { routeTable } from "../helpers/route-table";

const runs = Number(process.env.HOSTILE_RUNS ?? 10) * 2;
const installerRoutes = routeTable().filter((route) => route.path.startsWith("/api/install/"));
const savedDatabase = path.join(process.env.DATA_DIR!, "config.json");

let server: TestServer;
let errors: ReturnType<typeof vi.spyOn>;
beforeAll(async () => {
  server = await startAppServer();
  errors = vi.spyOn(console, "error");
});
afterAll(async () => {
  errors.mockRestore();
  await server?.close();
});

it.each(installerRoutes.map((route) => [route.path, route] as const))(
  "%s answers every probe with the setup token without failing",
  async (_path, route) => {
    const target = { url: server.url, errors, headers: { "x-setup-token": installClient(server.url).token() } };
    await fc.assert(
      fc.asyncProperty(probeArbitrary(schemaFieldNames()), async (input) => {
        const db = await getDb();
        await sendProbe(target, route, input, await databaseFingerprint(db));
        expect(existsSync(savedDatabase), `${input.method} ${route.path} ${input.body.text}`).toBe(false);
      }),
      { numRuns: runs },
    );
  },
);

it("finds the installer's calls in the route table", () => {
  expect(installerRoutes.map((route) => route.path)).toEqual(
    expect.arrayContaining(["/api/install/database-connections", "/api/install/finish"]),
  );
});
