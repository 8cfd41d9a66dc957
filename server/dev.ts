/** Development server: Vite middleware with hot reload, the same HTTP front as production. */
import { createServer } from "vite";
import { loopbackOnlyNotice } from "../app/config.server.ts";
import { boundConnections, createHttpApp, handleShutdown, serveRelay, startupConfig, type AppModule } from "./http.ts";

// Development listens on this machine only unless HOST says otherwise.
const { port, host = "127.0.0.1", siteUrl } = startupConfig();
const vite = await createServer({ server: { middlewareMode: true } });
const load = () => vite.ssrLoadModule("./server/app.ts") as Promise<AppModule>;
const notes = await (await load()).onServerStart(`http://${host}:${port}`);

const http = createHttpApp(
  (req, res, next) => {
    load()
      .then((mod) => mod.app(req, res, next))
      .catch(next);
  },
  { dev: true, before: [vite.middlewares] },
);
const server = http.listen(port, host, () => {
  console.log(`Daftar (dev) on http://${host}:${port}`);
  if (!siteUrl) console.log(loopbackOnlyNotice(port));
  for (const line of notes) console.log(line);
});
boundConnections(server);
// Vite's hot reload has its own WebSocket on this server: other upgrades are left to it.
serveRelay(server, load, { others: true });
handleShutdown(server, { onServerStop: async () => void (await vite.close()) });
