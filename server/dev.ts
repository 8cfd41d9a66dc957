/** Development server: Vite middleware with hot reload, the same HTTP front as production. */
import { createServer } from "vite";
import { createHttpApp, handleShutdown, type AppModule } from "./http.ts";

const vite = await createServer({ server: { middlewareMode: true } });
const load = () => vite.ssrLoadModule("./server/app.ts") as Promise<AppModule>;
await (await load()).onServerStart();

const http = createHttpApp(
  (req, res, next) => {
    load()
      .then((mod) => mod.app(req, res, next))
      .catch(next);
  },
  { dev: true, before: [vite.middlewares] },
);
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "127.0.0.1";
const server = http.listen(port, host, () => console.log(`Daftar (dev) on http://${host}:${port}`));
handleShutdown(server, { onServerStop: async () => void (await vite.close()) });
