/**
 * What the production client build leaves out of every page's JavaScript (vite.config.ts): React Router's
 * developer warnings and error sentences, its instrumentation and its branches for React Server Components,
 * React's view transitions and fragment refs, and Vite's module preload helper; and out of the editor's, what only
 * `@tiptap/markdown` reads, the Tiptap extensions it does not use, and the parts of Tiptap's core it never calls.
 * The server imports React Router as published, and what loads on use still loads (tests/e2e/shell.spec.ts opens
 * it).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { projectRoot } from "../../scripts/build-if-stale";

function scripts(folder: string): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (entry.name.endsWith(".js")) files.push(readFileSync(path.join(dir, entry.name), "utf8"));
    }
  };
  walk(path.join(projectRoot, folder));
  return files.join("\n");
}

// Sentences of React Router 8's production build: a warning, an invariant, an error it throws, a router error.
const routerText = [
  "You should call navigate() in a React.useEffect(), not when your component is first rendered.",
  "may be used only in the context of a <Router> component.",
  "Expected a Location header on the redirect Response",
  "No route matches URL",
];

describe("the client build", () => {
  const client = scripts("build/client");

  test("carries none of React Router's developer text, and its errors say where they are written", () => {
    // Compared as lists and booleans: a failure names the sentence, not the whole build.
    expect(routerText.filter((sentence) => client.includes(sentence))).toEqual([]);
    expect(/React Router lib\/router\/router\.js:\d+/.test(client)).toBe(true);
  });

  test("carries none of the framework features no page uses", () => {
    const features = {
      // Keys of the instrumentation's route hooks.
      "React Router's instrumentation": "lazy.middleware",
      // How a server-components router's error boundary reads a redirect or a response thrown on the server.
      "React Router's server components": "REACT_ROUTER_ERROR",
      // A sentence React reports when it skips a view transition.
      "React's view transitions": "Skipping view transition",
      // A method of a fragment's ref.
      "React's fragment refs": "unobserveUsing",
    };
    expect(Object.entries(features).flatMap(([feature, text]) => (client.includes(text) ? [feature] : []))).toEqual([]);
    expect(client.includes("Fragment refs are left out of the client build")).toBe(true);
    // The router and React themselves are there.
    expect(/React Router lib\/router\/router\.js:\d+/.test(client)).toBe(true);
    expect(client.includes("hydrateRoot")).toBe(true);
  });

  test("has no Vite preload helper around its dynamic imports", () => {
    expect(client.includes("import(")).toBe(true);
    expect(client.includes("vite:preloadError")).toBe(false);
  });

  test("carries none of what only @tiptap/markdown reads, nor Tiptap extensions the editor does not use", () => {
    const fields = ["parseMarkdown", "renderMarkdown", "markdownTokenizer", "markdownTokenName", "markdownOptions"];
    expect(fields.filter((field) => client.includes(field))).toEqual([]);
    const extension = (name: string) => new RegExp(`name:\\s*["'\`]${name}["'\`]`).test(client);
    // Tiptap's small extensions (@tiptap/extensions): the editor has its own empty document's hint, and its own
    // undo, gap cursor and drop cursor, on use.
    expect(["characterCount", "focus", "trailingNode", "placeholder", "dropCursor"].filter(extension)).toEqual([]);
    expect(["gapCursor", "cursorsOnUse", "undoRedo", "emptyHint"].filter((name) => !extension(name))).toEqual([]);
  });

  test("carries neither Tiptap's extension decorations nor its node positions, and says so if one is asked for", () => {
    // Sentences of the decorations' checks, and the node positions' method.
    const leftOut = ["uses an unknown decoration update strategy", 'cannot combine the "manual" decoration'];
    expect(leftOut.filter((sentence) => client.includes(sentence))).toEqual([]);
    expect(/\$pos\(\w+\)\s*\{/.test(client)).toBe(false);
    expect(client.includes("Tiptap's extension decorations are left out of Daftar's client build")).toBe(true);
  });

  test("leaves React Router as published to the server, which imports the package", () => {
    const server = scripts("build/server");
    expect(server.includes('from "react-router"')).toBe(true);
    expect(server.includes("React Router lib/")).toBe(false);
  });
});
