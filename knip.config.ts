/**
 * The dead-code check of `npm run lint`: files nothing reaches, exports nobody imports, dependencies nothing uses
 * and packages used without being listed. React Router's plugin adds the route modules of app/routes.ts,
 * app/root.tsx and the entry files; Vitest's and Playwright's plugins add their configurations. The entries below
 * are what runs by itself or is loaded by path.
 */
import type { KnipConfig } from "knip";

const config: KnipConfig = {
  entry: [
    // The HTTP front; server/app.ts is loaded by the development server and the build, server/visit-log-writer.js
    // by path as the visit log's worker thread.
    "server/*.{ts,js}",
    "scripts/*.ts",
    "bench/*.ts",
    "eslint-rules/*.js",
    // The entry modules of the worker threads and the export's reader, started by path (app/lib/worker-entries.ts).
    "app/lib/worker-entries.ts",
    "app/edge/markdown-worker.server.ts",
    "app/import/export-reader.server.ts",
    "tests/**/*.test.{ts,tsx}",
    "tests/e2e/*.spec.ts",
    // A sender of the outbox that a test starts by path, to kill it mid-send.
    "tests/helpers/mail-sender.ts",
  ],
  project: [
    "app/**/*.{ts,tsx,css}",
    "server/**/*.{ts,js}",
    "scripts/**/*.ts",
    "bench/**/*.ts",
    "tests/**/*.{ts,tsx}",
    "eslint-rules/**/*.js",
  ],
  // An export its own module uses is live code; only one nothing uses is dead.
  ignoreExportsUsedInFile: true,
  // Stylesheets: their `@import`s of packages (Tailwind, the Vazirmatn font) count as uses.
  compilers: {
    css: (text: string) =>
      [...text.matchAll(/@(?:import|plugin)\s+["']([^"']+)["']/g)].map(([, spec]) => `import "${spec}";`).join("\n"),
  },
  ignoreDependencies: [
    // scripts/subset-fonts.ts cuts the site's font files from this package's files, found by path.
    "@fontsource-variable/vazirmatn",
    // @tiptap/react/menus (the editor's bubble menu) imports it; it is @tiptap/react's optional dependency,
    // listed so that it is installed at the same exact version as the rest of Tiptap.
    "@tiptap/extension-bubble-menu",
    // scripts/icon-sprite.ts imports each icon by a computed path (`lucide-react/icons/<name>`).
    "lucide-react",
    // bench/lighthouse.ts runs its binary from node_modules/.bin.
    "lighthouse",
    // Type-only imports of the syntax trees' types (@types/hast, @types/mdast) and, in one test, hast's HTML
    // writer: unified's packages install them.
    "hast",
    "mdast",
    "hast-util-to-html",
  ],
  ignoreBinaries: [
    // Programs of the machine, not packages: the load generator of the benchmarks, the package manager that
    // installs Chromium, and the mounts of the storage-fault tests.
    "wrk",
    "apt-get",
    "mount",
    "umount",
    // Makes the self-signed certificate of the mail tests' TLS server.
    "openssl",
  ],
};

export default config;
