/** `npm start` gives the server the flags and environment the tests' and benchmarks' server process is given (scripts/start-flags.ts). */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from "../../scripts/start-flags";

const startScript = () =>
  (
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")) as {
      scripts: { start: string };
    }
  ).scripts.start.split(/\s+/);

test("package.json's start script gives node the server's flags", () => {
  const args = startScript();
  const node = args.indexOf("node");
  expect(node).toBeGreaterThanOrEqual(0);
  expect(args.slice(node + 1, node + 1 + SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
});

test("package.json's start script sets the server's environment before node, and nothing else", () => {
  const args = startScript();
  const assignments = args.slice(0, args.indexOf("node"));
  expect(Object.fromEntries(assignments.map((pair) => pair.split("=")))).toEqual(SERVER_ENVIRONMENT);
});

test("this node accepts every one of the server's flags", () => {
  // V8's flags are not a stable interface: a node that no longer knows one refuses to start ("bad option").
  const out = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, "-e", "process.stdout.write('started')"], {
    encoding: "utf8",
  });
  expect(out).toBe("started");
});
