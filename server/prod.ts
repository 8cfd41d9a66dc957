/** Serves the production build (`npm start` builds it first when needed). */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createHttpApp, handleShutdown, type AppModule } from "./http.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const build = (await import(path.join(root, "build/server/index.js"))) as AppModule;

await build.onServerStart();
const http = createHttpApp(build.app, { clientDir: path.join(root, "build/client") });
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";
const server = http.listen(port, host, () => {
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  console.log(`Daftar is listening on http://${shown}:${port}`);
});
handleShutdown(server, build);
