/**
 * The client build's plugins that leave unused framework features out (scripts/framework-features-out.ts): each
 * writes the conditions it was given, removes a constructor's methods, and fails the build, instead of breaking the
 * page, when a module would use the feature or a package no longer holds what it edits.
 */
import { parseAst, type Plugin } from "vite";
import { describe, expect, test } from "vitest";
import { featureOut, frameworkFeaturesOut } from "../../scripts/framework-features-out";

type Transform = (code: string, id: string) => { code: string } | undefined;

function hooks(plugin: Plugin) {
  const context = { parse: (code: string) => parseAst(code) };
  const transform = plugin.transform as unknown as Transform;
  const buildEnd = plugin.buildEnd as unknown as (error?: Error) => void;
  return {
    transform: (code: string, id: string) => transform.call(context, code, id),
    buildEnd: (error?: Error) => buildEnd.call(context, error),
  };
}

const file = "some-package/lib/feature.js";
const id = `/project/node_modules/${file}`;
const feature = () =>
  hooks(
    featureOut({
      name: "feature-out",
      conditions: [{ file, text: "if (options.feature) {", off: "if (false) {" }],
      methodsOf: { file, constructor: "Handle" },
      usedBy: /\bfeature:/,
    }),
  );
const source = [
  "function Handle() {}",
  "Handle.prototype.open = function () { return 1; };",
  "Handle.prototype.close = function () { return 2; };",
  "Other.prototype.open = function () { return 3; };",
  "export function run(options) {",
  "  if (options.feature) { return new Handle(); }",
  "}",
].join("\n");

describe("a framework feature left out of the client build", () => {
  test("has its condition written as false and its constructor's methods removed, and nothing else", () => {
    const plugin = feature();
    const out = plugin.transform(source, id)!.code;
    expect(out).toContain("if (false) {");
    expect(out).not.toContain("options.feature");
    expect(out).not.toContain("Handle.prototype");
    expect(out).toContain("Other.prototype.open");
    expect(out).toContain("function Handle() {}");
    expect(() => plugin.buildEnd()).not.toThrow();
  });

  test("fails the build when a module of the site would use it", () => {
    expect(() => feature().transform("render({ feature: true });", "/project/app/page.tsx")).toThrow(/feature-out/);
  });

  test("fails the build when the package no longer holds its condition, or no module holds the file", () => {
    expect(() => feature().transform(source.replace("options.feature", "options.other"), id)).toThrow(/is not in/);
    const untouched = feature();
    untouched.transform("export const x = 1;", "/project/app/x.ts");
    expect(() => untouched.buildEnd()).toThrow(/no module holds/);
  });

  test("leaves the framework's packages themselves free to name the feature", () => {
    const plugin = feature();
    expect(plugin.transform("call({ feature: 1 });", "/project/node_modules/react-dom/index.js")).toBeUndefined();
  });
});

describe("the features Daftar leaves out", () => {
  const client = (name: string) => hooks(frameworkFeaturesOut().find((plugin) => plugin.name === `daftar:${name}`)!);

  test.each([
    ["react-view-transition-out", 'import { ViewTransition } from "react";'],
    ["react-view-transition-out", "jsx(React.unstable_ViewTransition, {})"],
    ["react-fragment-refs-out", "<Fragment ref={list}>{items}</Fragment>"],
    ["react-fragment-refs-out", "jsx(Fragment, { ref: list, children: items })"],
    ["router-instrumentation-out", "<HydratedRouter instrumentations={[logger]} />"],
    ["router-server-components-out", 'import { unstable_RSCHydratedRouter } from "react-router/dom";'],
  ])("%s refuses a module that uses it: %s", (name, code) => {
    expect(() => client(name).transform(code, "/project/app/entry.client.tsx")).toThrow(name);
  });

  test("a module using what is still there passes", () => {
    const code = 'const state = useViewTransitionState("/"); jsx(Fragment, { children: items }); <Fragment key={id} />';
    for (const plugin of frameworkFeaturesOut())
      expect(hooks(plugin).transform(code, "/project/app/x.tsx")).toBeUndefined();
  });
});
