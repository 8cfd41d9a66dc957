import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { defineConfig, type Plugin, type Rolldown } from "vite";
import { HISTORY_CLOSED } from "./app/editor/ui/history-closed.ts";
import { WORKER_ENTRIES } from "./app/lib/worker-entries.ts";
import { frameworkFeaturesOut } from "./scripts/framework-features-out.ts";

/**
 * Every page runs the client entry and the root route. What they import statically goes into two chunks instead
 * of the twenty-odd small ones automatic splitting makes: "framework" (packages: it changes only with them, so
 * browsers keep it across releases) and "shell" (Daftar's own code). On a slow phone each request costs a round
 * trip (HTTP/1.1, six connections) and all of these are wanted before the page responds; two chunks rather than
 * one keep each script's evaluation short. Routes and code loaded on use keep their own chunks.
 */
const editorCore =
  /[\\/]node_modules[\\/](prosemirror-|@tiptap[\\/]pm[\\/]dist[\\/])(model|transform|state|view|keymap|commands|schema-list)[\\/]|[\\/]node_modules[\\/](orderedmap|w3c-keyname|@tiptap[\\/]core)[\\/]/;

/**
 * The small modules that most dashboard screens and forms import: buttons, inputs, class names, the API call, the
 * form's checks, the site's settings, the guarded page's headers, the dashboard's links. Left to itself the
 * bundler gives each of them a chunk of its own, by which screens share it: 0.1–1.2 KB each, twelve requests on
 * the editor's first load, where each costs a round trip on a slow phone's link and a share of its bandwidth
 * while the framework and the editor's core are still arriving. One chunk of 3.6 KB gzip instead; a screen that
 * needs only some of them (a public page's comments, a dialog) downloads the rest with them.
 */
const kitModules = [
  "app/ui/button.tsx",
  "app/ui/input.tsx",
  "app/ui/cn.ts",
  "app/ui/use-api.ts",
  "app/ui/use-unsaved-changes.tsx",
  "app/lib/validation.ts",
  "app/settings/app-config.ts",
  "app/edge/guarded-page.ts",
  "app/content/editor-link.ts",
  "app/manage/nav.ts",
].map((file) => fileURLToPath(new URL(`./${file}`, import.meta.url)));
const kitPackages = /[\\/]node_modules[\\/](clsx|class-variance-authority)[\\/]/;

/** The editor's route module, as React Router names its client module. */
const editorRoute =
  fileURLToPath(new URL("./app/routes/manage/editor.tsx", import.meta.url)) + "?__react-router-build-client-route";

/** The modules `from` imports statically, transitively (not `from` itself). */
function staticImports(ctx: Rolldown.ChunkingContext, from: string[]): Set<string> {
  const modules = new Set<string>();
  const queue = from.flatMap((entry) => {
    const info = ctx.getModuleInfo(entry);
    // Without this the page would silently load its many small chunks again: fail the build instead.
    if (!info) throw new Error(`staticImports: no module ${entry} in the client build`);
    return info.importedIds;
  });
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (modules.has(next) || from.includes(next)) continue;
    modules.add(next);
    queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
  }
  return modules;
}

function firstLoadChunks(): Rolldown.CodeSplittingOptions {
  const entries = [
    fileURLToPath(new URL("./app/entry.client.tsx", import.meta.url)),
    // React Router's name for the root route's client module.
    fileURLToPath(new URL("./app/root.tsx", import.meta.url)) + "?__react-router-build-client-route",
  ];
  // The entries' static imports and the editor route's, worked out once per chunking pass, which has one context
  // object.
  let pass: { ctx: Rolldown.ChunkingContext; firstLoad: Set<string>; editor: Set<string> } | undefined;
  function reach(ctx: Rolldown.ChunkingContext) {
    if (pass?.ctx !== ctx)
      pass = { ctx, firstLoad: staticImports(ctx, entries), editor: staticImports(ctx, [editorRoute]) };
    return pass;
  }
  return {
    groups: [
      {
        name(id, ctx) {
          if (!reach(ctx).firstLoad.has(id)) return null;
          return /[\\/]node_modules[\\/]/.test(id) ? "framework" : "shell";
        },
      },
      // The editor's core, needed before the writer can type: ProseMirror's model, view and commands and Tiptap's
      // core in one chunk. Left to itself the bundler splits them three ways by which parts loaded on use (undo,
      // the cursors, tables) import each, three requests and their overhead on the editor's first load.
      {
        name: (id) => (editorCore.test(id) ? "editor-core" : null),
      },
      { name: (id) => (kitModules.includes(id) || kitPackages.test(id) ? "kit" : null) },
      // The rest of what the editor's route imports (its toolbar, extensions, small helpers), which the bundler
      // would split by which of the editor's parts loaded on use also import each. `chunksAsPlanned`
      // checks that no other page loads it.
      {
        name: (id, ctx) => (reach(ctx).editor.has(id) ? "editor-parts" : null),
      },
    ],
  };
}

/**
 * Fails the build when the chunks are not as `firstLoadChunks` plans them: a module of the kit that is not in the
 * kit's chunk (renamed or moved, it would silently go back to a chunk of its own), or another route (the root's
 * included) or a part it loads on use that imports the editor's parts (the group takes whatever the editor's route
 * imports statically, and a module another page imports too must not bring the editor's parts to that page).
 */
function chunksAsPlanned(): Plugin {
  return {
    name: "daftar:chunks-as-planned",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === "chunk");
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const kit = chunks.find((chunk) => chunk.name === "kit");
      const missing = kitModules.filter((module) => !kit?.moduleIds.includes(module));
      if (missing.length) throw new Error(`chunksAsPlanned: not in the kit's chunk: ${missing.join(", ")}`);
      const parts = chunks.find((chunk) => chunk.name === "editor-parts");
      if (!parts) throw new Error("chunksAsPlanned: no editor-parts chunk in the client build");
      const routes = chunks.filter(
        (chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith("?__react-router-build-client-route"),
      );
      if (!routes.some((chunk) => chunk.facadeModuleId === editorRoute))
        throw new Error("chunksAsPlanned: the editor's route is not among the build's routes");
      for (const route of routes.filter((chunk) => chunk.facadeModuleId !== editorRoute)) {
        const seen = new Set<string>();
        for (let queue = [route.fileName], next = queue.pop(); next; next = queue.pop()) {
          if (seen.has(next)) continue;
          seen.add(next);
          if (next === parts.fileName) throw new Error(`chunksAsPlanned: ${route.facadeModuleId} loads ${next}`);
          const chunk = byName.get(next);
          queue.push(...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? []));
        }
      }
    },
  };
}

interface Node {
  type: string;
  start: number;
  end: number;
  name?: string;
  object?: Node;
  property?: Node;
  callee?: Node;
  arguments?: Node[];
  left?: Node;
  right?: Node;
  value?: unknown;
}

/** `object.property`, both written as names. */
const isMember = (node: Node, object: string, property: string) =>
  node.type === "MemberExpression" && node.object?.name === object && node.property?.name === property;

/**
 * React Router's published production build carries its developer text: warnings (`warning(condition, message)`,
 * `console.warn`) and a sentence in each of its errors, about 4 KB gzip of every page that a reader's browser never
 * shows. The client build drops the warnings and writes each error's sentence as where it is written instead
 * ("React Router lib/router/router.js:812", to read in the published package), as React's own production build
 * writes its errors as numbers. Errors still throw where they did; the server and development builds keep the text.
 */
function routerDeveloperTextOut(): Plugin {
  const packageDir = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/;
  const isText = (node: Node | undefined) =>
    node?.type === "TemplateLiteral" || (node?.type === "Literal" && typeof node.value === "string");
  return {
    name: "daftar:router-developer-text-out",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform: {
      filter: { id: packageDir },
      handler(code, id) {
        const file = id.split(packageDir)[1]!.replace(/\\/g, "/");
        const edits: { start: number; end: number; text: string }[] = [];
        const where = (offset: number) =>
          JSON.stringify(`React Router ${file}:${code.slice(0, offset).split("\n").length}`);
        const visit = (node: unknown): void => {
          if (!node || typeof node !== "object") return;
          if (Array.isArray(node)) return node.forEach(visit);
          const n = node as Node;
          const callee = n.callee;
          const args = n.arguments ?? [];
          if (n.type === "CallExpression" && callee) {
            if (callee.name === "warning" || isMember(callee, "console", "warn")) {
              edits.push({ start: n.start, end: n.end, text: "void 0" });
              return;
            }
            const message =
              callee.name === "invariant" ? args[1] : isMember(callee, "console", "error") ? args[0] : undefined;
            if (message && isText(message)) {
              edits.push({ start: message.start, end: message.end, text: where(message.start) });
              return;
            }
          }
          // The sentence of an error the router makes for a status (404: no route matches, 405: no action).
          if (n.type === "AssignmentExpression" && n.left?.name === "errorMessage" && isText(n.right)) {
            edits.push({ start: n.right!.start, end: n.right!.end, text: where(n.right!.start) });
            return;
          }
          if (n.type === "NewExpression" && callee?.name === "Error" && isText(args[0])) {
            edits.push({ start: args[0]!.start, end: args[0]!.end, text: where(args[0]!.start) });
            return;
          }
          for (const [key, value] of Object.entries(n)) if (key !== "parent") visit(value);
        };
        visit(this.parse(code));
        if (!edits.length) return;
        let out = code;
        for (const { start, end, text } of edits.sort((a, b) => b.start - a.start))
          out = out.slice(0, start) + text + out.slice(end);
        return { code: out, map: null };
      },
    },
  };
}

/**
 * Tiptap's extensions carry how `@tiptap/markdown` reads and writes them (`parseMarkdown`, `renderMarkdown`,
 * `markdownTokenizer`, ...): fields of each extension's definition that only that package reads. The editor reads
 * and writes markdown with the site's own parser and remark's writer (decision 025) and never loads it, so the
 * client build drops those fields, and with them the helpers in Tiptap's core that only they call (about 4 KB gzip
 * of the editor's first load). The server build keeps them; a client that would load `@tiptap/markdown` must drop
 * this plugin.
 */
function tiptapMarkdownOut(): Plugin {
  const fields = new Set([
    "markdownTokenName",
    "markdownTokenizer",
    "parseMarkdown",
    "renderMarkdown",
    "markdownOptions",
  ]);
  return {
    name: "daftar:tiptap-markdown-out",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform: {
      filter: { id: /[\\/]node_modules[\\/]@tiptap[\\/]/ },
      handler(code) {
        const cuts: { start: number; end: number }[] = [];
        const visit = (node: unknown): void => {
          if (!node || typeof node !== "object") return;
          if (Array.isArray(node)) return node.forEach(visit);
          type Property = Node & { key?: Node };
          const n = node as Node & { properties?: Property[] };
          if (n.type === "ObjectExpression") {
            for (const property of n.properties ?? []) {
              if (property.type === "Property" && property.key?.name && fields.has(property.key.name)) {
                // The property and the comma after it.
                const comma = /^\s*,/.exec(code.slice(property.end));
                cuts.push({ start: property.start, end: property.end + (comma ? comma[0].length : 0) });
              } else visit(property);
            }
            return;
          }
          for (const [key, value] of Object.entries(n)) if (key !== "parent") visit(value);
        };
        visit(this.parse(code));
        if (!cuts.length) return;
        let out = code;
        for (const { start, end } of cuts.sort((a, b) => b.start - a.start)) out = out.slice(0, start) + out.slice(end);
        return { code: out, map: null };
      },
    },
  };
}

/**
 * Two parts of Tiptap's core that the editor never uses and the core's `Editor` reaches whatever it is given:
 * extensions' decorations (`addDecorations`: a manager, its plugin and their checks, made for every editor even when
 * no extension has any) and node positions (`editor.$pos`, `$node`, `$nodes`, `$doc` and their `NodePos` class).
 * The client build makes the decorations' plugin only when an extension has decorations, and then fails loudly
 * (none of the editor's do), and drops the node positions' methods, which nothing calls: with them the bundler
 * drops the code they alone reach (about 3 KB gzip of the editor's first load).
 * And the core imports ProseMirror's history for one call, `closeHistory(tr)` after an input rule (the rule's
 * change is then undone on its own), which would keep the whole history in the first load although the editor
 * loads it on use (app/editor/ui/undo-on-use.ts): the client build sets the same mark on the transaction itself
 * (app/editor/ui/history-closed.ts).
 */
function tiptapUnusedOut(): Plugin {
  const core = /[\\/]node_modules[\\/]@tiptap[\\/]core[\\/]dist[\\/]index\.js$/;
  const positions = new Set(["$node", "$nodes", "$pos", "$doc"]);
  const noDecorations = `{
    if (this.extensions.some((extension) => getExtensionField(extension, "addDecorations", {})))
      throw new Error("Tiptap's extension decorations are left out of Daftar's client build (vite.config.ts)");
    return null;
  }`;
  return {
    name: "daftar:tiptap-unused-out",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform: {
      filter: { id: core },
      handler(code) {
        const edits: { start: number; end: number; text: string }[] = [];
        const visit = (node: unknown): void => {
          if (!node || typeof node !== "object") return;
          if (Array.isArray(node)) return node.forEach(visit);
          const n = node as Node & { key?: Node; value?: Node & { body?: Node }; source?: Node; specifiers?: Node[] };
          if (n.type === "ImportDeclaration" && n.source?.value === "@tiptap/pm/history") {
            const names = (n.specifiers ?? []).map((specifier) => (specifier as { local?: Node }).local?.name);
            if (names.join() !== "closeHistory")
              throw new Error(`tiptapUnusedOut: the core imports ${names} from the history`);
            const text = `const closeHistory = (tr) => tr.setMeta(${JSON.stringify(HISTORY_CLOSED)}, true);`;
            return void edits.push({ start: n.start, end: n.end, text });
          }
          if (n.type === "MethodDefinition" && n.key?.name) {
            if (positions.has(n.key.name)) return void edits.push({ start: n.start, end: n.end, text: "" });
            if (n.key.name === "createDecorationPlugin" && n.value?.body) {
              const body = n.value.body;
              return void edits.push({ start: body.start, end: body.end, text: noDecorations });
            }
          }
          for (const [key, value] of Object.entries(n)) if (key !== "parent") visit(value);
        };
        visit(this.parse(code));
        // Both must be found: a release of Tiptap that renames them would otherwise bring them back unnoticed.
        if (edits.length !== positions.size + 2)
          throw new Error(`tiptapUnusedOut: found ${edits.length} of ${positions.size + 2} parts in ${core}`);
        let out = code;
        for (const { start, end, text } of edits.sort((a, b) => b.start - a.start))
          out = out.slice(0, start) + text + out.slice(end);
        return { code: out, map: null };
      },
    },
  };
}

/**
 * Vite wraps every dynamic `import()` of the client in its preload helper, also with `build.modulePreload` off,
 * when all it may have to load first is the imported chunk's CSS (0.6 KB gzip of every page's shell). This helper
 * does only that: it links the stylesheets named (none, in today's build) and then imports.
 */
function cssOnlyPreload(): Plugin {
  const id = "\0vite/preload-helper.js";
  let base = "/";
  return {
    name: "daftar:css-only-preload",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      base = config.base;
    },
    load: {
      filter: { id: new RegExp(`^${id}$`) },
      handler: () => `
        const linked = (href) => new Promise((resolve, reject) => {
          if (document.querySelector(\`link[rel="stylesheet"][href="\${href}"]\`)) return resolve();
          const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href, onload: resolve, onerror: reject });
          document.head.append(link);
        });
        export const __vitePreload = (load, deps) =>
          deps && deps.length ? Promise.all(deps.map((dep) => linked(${JSON.stringify(base)} + dep))).then(load) : load();
      `,
    },
  };
}

/**
 * The content views the catch-all page loads lazily, and the server module that preloads the right one. After the
 * client build, each view's chunk and the chunks it imports (less those the entry and the root route load on every
 * page) are written into that module when the server build reads it: a post's document then asks for its code in
 * its head, as for a route's own chunks, and a category page never downloads the article's.
 */
function viewChunks(): Plugin {
  const views = {
    article: fileURLToPath(new URL("./app/content/ui/article.tsx", import.meta.url)),
    category: fileURLToPath(new URL("./app/content/ui/category-view.tsx", import.meta.url)),
  };
  const preloader = fileURLToPath(new URL("./app/content/view-chunks.server.ts", import.meta.url));
  const marker = /\/\* view chunks \*\/ `[^`]*`/;
  let found: Record<string, string[]> | undefined;
  return {
    name: "daftar:view-chunks",
    apply: "build",
    // Sees the module as written, before TypeScript is compiled away with the marker's comment.
    enforce: "pre",
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === "chunk");
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (start: Rolldown.OutputChunk[]) => {
        const seen = new Set<string>();
        for (let queue = start.map((chunk) => chunk.fileName), next = queue.pop(); next; next = queue.pop()) {
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(...(byName.get(next)?.imports ?? []));
        }
        return seen;
      };
      const everyPage = withImports(
        chunks.filter((chunk) => /[\\/]app[\\/](entry\.client|root)\.tsx/.test(chunk.facadeModuleId ?? "")),
      );
      found = {};
      for (const [view, module] of Object.entries(views)) {
        const chunk = chunks.find((c) => c.moduleIds.includes(module));
        if (!chunk) throw new Error(`viewChunks: no chunk holds ${module} in the client build`);
        found[view] = [...withImports([chunk])].filter((file) => !everyPage.has(file)).map((file) => `/${file}`);
      }
    },
    transform(code, id) {
      if (this.environment.name === "client" || id !== preloader) return;
      if (!found) throw new Error("viewChunks: the server was built before the client");
      if (!marker.test(code)) throw new Error(`viewChunks: no marker in ${preloader}`);
      return code.replace(marker, () => JSON.stringify(JSON.stringify(found)));
    },
  };
}

/**
 * The worker threads' entries (app/lib/worker-entries.ts), built with the server as `build/server/<name>.js`: a
 * worker starts from a file of its own, and sharing the server build's chunks keeps one copy of each module on
 * disk. Sources (tests, development) start the entry module itself through tsx instead.
 */
function workerEntries(): Plugin {
  return {
    name: "daftar:worker-entries",
    apply: "build",
    buildStart() {
      if (this.environment.name !== "ssr") return;
      for (const [name, source] of Object.entries(WORKER_ENTRIES)) {
        this.emitFile({
          type: "chunk",
          id: fileURLToPath(new URL(`./${source}`, import.meta.url)),
          fileName: `${name}.js`,
        });
      }
    },
  };
}

/**
 * The client build's scripts and stylesheets compressed once, next to each file (`name.br` at brotli's best
 * quality, `name.gz` at gzip's), for the server to send as they are (server/precompressed-assets.ts). Brotli at its
 * best takes seconds for the whole build, far too slow per request, and makes the scripts about an eighth smaller
 * than compressing on the fly does. Files under a kilobyte gain too little to keep two more copies.
 */
function precompressedAssets(): Plugin {
  const brotliAtBest = promisify(brotliCompress);
  const gzipAtBest = promisify(gzip);
  return {
    name: "daftar:precompressed-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      await Promise.all(
        Object.values(bundle)
          .filter((file) => /\.(js|css|svg)$/.test(file.fileName))
          .map(async (file) => {
            const bytes = Buffer.from(file.type === "chunk" ? file.code : file.source);
            if (bytes.length < 1024) return;
            const at = path.join(dir, file.fileName);
            await Promise.all([
              brotliAtBest(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }).then((compressed) => writeFile(`${at}.br`, compressed)),
              gzipAtBest(bytes, { level: constants.Z_BEST_COMPRESSION }).then((compressed) =>
                writeFile(`${at}.gz`, compressed),
              ),
            ]);
          }),
      );
    },
  };
}

export default defineConfig({
  // The server build's entry is our Express sub-app, so it shares one module graph with the routes (and one copy
  // of react-router: getLoadContext's RouterContextProvider must pass the router's instanceof check).
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: firstLoadChunks() },
          // Tiptap's packages define each extension at their top level (`Extension.create({...})`), a call the
          // bundler must otherwise keep: the ones the editor does not use (character count, focus, ...) go.
          treeshake: { manualPureFunctions: ["Extension.create", "Node.create", "Mark.create"] },
        },
      },
    },
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  // No Vite preload helper around dynamic imports (0.8 KB gzip on every page): React Router already preloads
  // each route's modules, and what loads on use (search, tooltips, the drawer) may fetch its few imports then.
  build: { modulePreload: false },
  plugins: [
    tailwindcss(),
    reactRouter(),
    viewChunks(),
    chunksAsPlanned(),
    workerEntries(),
    routerDeveloperTextOut(),
    ...frameworkFeaturesOut(),
    tiptapMarkdownOut(),
    tiptapUnusedOut(),
    cssOnlyPreload(),
    precompressedAssets(),
  ],
  resolve: { tsconfigPaths: true },
});
