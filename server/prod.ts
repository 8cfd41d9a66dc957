/** Serves the production build (`npm start` builds it first when needed). */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loopbackOnlyNotice } from "../app/config.server.ts";
import { boundConnections, createHttpApp, handleShutdown, serveRelay, startupConfig, type AppModule } from "./http.ts";

const { port, host = "0.0.0.0", siteUrl } = startupConfig();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const build = (await import(path.join(root, "build/server/index.js"))) as AppModule;

const shownHost = host === "0.0.0.0" || host === "::" ? "localhost" : host;
const baseUrl = siteUrl ?? `http://${shownHost}:${port}`;
const notes = await build.onServerStart(baseUrl);
const http = createHttpApp(build.app, { clientDir: path.join(root, "build/client") });
const server = http.listen(port, host, () => {
  const reach = siteUrl ? [] : [loopbackOnlyNotice(port)];
  console.log([`Daftar is listening on http://${shownHost}:${port}`, ...reach, ...notes].join("\n"));
});
boundConnections(server);
serveRelay(server, async () => build);
handleShutdown(server, build);
