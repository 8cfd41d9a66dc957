import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Rolldown } from "vite";

/**
 * Every page runs the client entry and the root route. What they import statically goes into two chunks instead
 * of the twenty-odd small ones automatic splitting makes: "framework" (packages: it changes only with them, so
 * browsers keep it across releases) and "shell" (Daftar's own code). On a slow phone each request costs a round
 * trip (HTTP/1.1, six connections) and all of these are wanted before the page responds; two chunks rather than
 * one keep each script's evaluation short. Routes and code loaded on use keep their own chunks.
 */
function firstLoadChunks(): Rolldown.CodeSplittingOptions {
  const entries = [
    fileURLToPath(new URL("./app/entry.client.tsx", import.meta.url)),
    // React Router's name for the root route's client module.
    fileURLToPath(new URL("./app/root.tsx", import.meta.url)) + "?__react-router-build-client-route",
  ];
  // The entries' static imports, transitively (the entry modules themselves stay entry chunks); worked out once
  // per chunking pass, which has one context object.
  let pass: { ctx: Rolldown.ChunkingContext; modules: Set<string> } | undefined;
  function firstLoad(ctx: Rolldown.ChunkingContext): Set<string> {
    if (pass?.ctx === ctx) return pass.modules;
    const modules = new Set<string>();
    const queue = entries.flatMap((entry) => {
      const info = ctx.getModuleInfo(entry);
      // Without this the page would silently load ~25 chunks again: fail the build instead.
      if (!info) throw new Error(`firstLoadChunks: no module ${entry} in the client build`);
      return info.importedIds;
    });
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      if (modules.has(next) || entries.includes(next)) continue;
      modules.add(next);
      queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
    pass = { ctx, modules };
    return modules;
  }
  return {
    groups: [
      {
        name(id, ctx) {
          if (!firstLoad(ctx).has(id)) return null;
          return /[\\/]node_modules[\\/]/.test(id) ? "framework" : "shell";
        },
      },
    ],
  };
}

export default defineConfig({
  // The server build's entry is our Express sub-app, so it shares one module graph with the routes (and one copy
  // of react-router: getLoadContext's RouterContextProvider must pass the router's instanceof check).
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: firstLoadChunks() } } } },
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  // No Vite preload helper around dynamic imports (0.8 KB gzip on every page): React Router already preloads
  // each route's modules, and what loads on use (search, tooltips, the drawer) may fetch its few imports then.
  build: { modulePreload: false },
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
});
