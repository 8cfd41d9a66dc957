import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server build's entry is our Express sub-app, so it shares one module graph with the routes.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  // No Vite preload helper around dynamic imports (0.8 KB gzip on every page): React Router already preloads
  // each route's modules, and what loads on use (search, tooltips, the drawer) may fetch its few imports then.
  build: { modulePreload: false },
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
});
