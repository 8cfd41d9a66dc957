/**
 * Framework features Daftar does not use, out of the client build (vite.config.ts): React Router's instrumentation
 * and its branches for React Server Components, React's view transitions and fragment refs. About 5 KB gzip of
 * every page's first load; the server build keeps them.
 */
import type { Plugin } from "vite";

interface Node {
  type: string;
  start: number;
  end: number;
  name?: string;
  object?: Node;
  property?: Node;
  left?: Node;
  expression?: Node;
}

const isMember = (node: Node, object: string, property: string) =>
  node.type === "MemberExpression" && node.object?.name === object && node.property?.name === property;

export interface FeatureOut {
  name: string;
  /** Each condition that turns the feature on, in the file that holds it (its path in node_modules), and what it is
   * written as. */
  conditions: { file: string; text: string; off: string }[];
  /**
   * A constructor of the feature whose methods, set on its prototype at the top level of the file, are removed: the
   * bundler keeps such assignments even when nothing constructs it (setting a property counts as an effect).
   */
  methodsOf?: { file: string; constructor: string };
  /** What in a module of the client would use the feature: the build then fails instead of breaking it. */
  usedBy: RegExp;
}

const routerFile = "react-router/dist/production/lib/";
const reactDomClient = "react-dom/cjs/react-dom-client.production.js";

/**
 * A framework feature Daftar does not use, out of the client build: the conditions that turn it on are written as
 * false (or as an error, where reaching them would be a mistake) and the bundler drops the code they guard. A
 * package upgrade that moves a condition fails the build (each must be found once), and so does a module of the
 * client that would use the feature (`usedBy`): it then needs this plugin gone.
 */
export function featureOut({ name, conditions, methodsOf, usedBy }: FeatureOut): Plugin {
  const packages = /[\\/]node_modules[\\/](react|react-dom|react-router)[\\/]/;
  const found = new Set<string>();
  return {
    name: `daftar:${name}`,
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!packages.test(id) && usedBy.test(code)) throw new Error(`${name}: ${id} uses what this plugin removes`);
      const path = id.replace(/\\/g, "/");
      const inFile = (file: string) => path.endsWith(`/node_modules/${file}`);
      const here = conditions.filter(({ file }) => inFile(file));
      const methods = methodsOf && inFile(methodsOf.file) ? methodsOf.constructor : undefined;
      if (!here.length && !methods) return;
      let out = code;
      if (methods) {
        const cuts = (this.parse(code) as unknown as { body: Node[] }).body.filter(({ type, expression }) => {
          const target = expression?.type === "AssignmentExpression" ? expression.left : undefined;
          return (
            type === "ExpressionStatement" &&
            target?.type === "MemberExpression" &&
            target.object &&
            isMember(target.object, methods, "prototype")
          );
        });
        if (!cuts.length) throw new Error(`${name}: no method of ${methods} in ${id}`);
        for (const { start, end } of cuts.sort((a, b) => b.start - a.start)) out = out.slice(0, start) + out.slice(end);
        found.add(methods);
      }
      for (const { text, off } of here) {
        if (out.split(text).length !== 2) throw new Error(`${name}: "${text}" is not in ${id} once`);
        out = out.replace(text, off);
        found.add(text);
      }
      return { code: out, map: null };
    },
    buildEnd(error) {
      const missing = [...conditions.map(({ text }) => text), ...(methodsOf ? [methodsOf.constructor] : [])].filter(
        (text) => !found.has(text),
      );
      if (!error && missing.length) throw new Error(`${name}: no module holds "${missing[0]}"`);
    },
  };
}

/**
 * React Router's instrumentation (`instrumentations` given to `<HydratedRouter>`, wrapping every route's loaders
 * and the router's calls): about 1.2 KB gzip of every page. The client entry passes none.
 */
const routerInstrumentationOut = () =>
  featureOut({
    name: "router-instrumentation-out",
    conditions: [
      { file: routerFile + "router/router.js", text: "if (init.instrumentations) {", off: "if (false) {" },
      {
        file: routerFile + "router/router.js",
        text: "if (init.instrumentations) router =",
        off: "if (false) router =",
      },
    ],
    usedBy: /\binstrumentations\b/,
  });

/**
 * React Router's branches for React Server Components, where an RSC router provides its context: the site is
 * rendered by React Router's framework mode, whose router never does.
 */
const routerServerComponentsOut = () =>
  featureOut({
    name: "router-server-components-out",
    conditions: [
      {
        file: routerFile + "context.js",
        text: "function useIsRSCRouterContext() {\n\treturn React$1.useContext(RSCRouterContext);",
        off: "function useIsRSCRouterContext() {\n\treturn false;",
      },
      { file: routerFile + "hooks.js", text: "if (this.context && typeof error", off: "if (false && typeof error" },
      { file: routerFile + "hooks.js", text: "if (this.context) return", off: "if (false) return" },
    ],
    usedBy: /RSC(Hydrated|Static)?Router|unstable_RSC|reactRouterRSC/,
  });

/**
 * React's `<ViewTransition>` (animating what a transition changes through the browser's view transitions): the
 * commit starts one only when such an element is in the tree, which no page renders; its code is about 1.8 KB gzip
 * of every page. React Router's own `viewTransition` option calls the browser itself and is not affected.
 */
const reactViewTransitionOut = () =>
  featureOut({
    name: "react-view-transition-out",
    conditions: [
      {
        file: reactDomClient,
        text: "  shouldStartViewTransition\n    ? (pendingViewTransition = startViewTransition(",
        off: "  false\n    ? (pendingViewTransition = startViewTransition(",
      },
    ],
    // `ViewTransition` or `unstable_ViewTransition`, not React Router's `useViewTransitionState`.
    usedBy: /(?<![a-z])ViewTransition\b/,
  });

/**
 * React's refs on fragments (`<Fragment ref>`: an object that adds listeners to, focuses, observes and measures
 * the fragment's elements): about 2 KB gzip of every page, and no component gives a fragment a ref. Its methods are
 * removed and making one is an error that says why.
 */
const reactFragmentRefsOut = () =>
  featureOut({
    name: "react-fragment-refs-out",
    conditions: [
      {
        file: reactDomClient,
        text: "var fragmentInstance = new FragmentInstance(current);",
        off: 'var fragmentInstance = (() => { throw Error("Fragment refs are left out of the client build (vite.config.ts)"); })();',
      },
    ],
    methodsOf: { file: reactDomClient, constructor: "FragmentInstance" },
    // A fragment given a ref, written as JSX or compiled (`jsx(Fragment, { ref: ... })`).
    usedBy: /<(React\.)?Fragment\b[^>]*\bref=|Fragment\s*,\s*\{[^{}]*\bref\s*:/,
  });

/** Every feature above, as the client build's plugins. */
export const frameworkFeaturesOut = (): Plugin[] => [
  routerInstrumentationOut(),
  routerServerComponentsOut(),
  reactViewTransitionOut(),
  reactFragmentRefsOut(),
];
