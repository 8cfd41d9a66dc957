/** `npm start` gives the server the flags the tests' and benchmarks' server process is given (scripts/start-flags.ts). */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { SERVER_NODE_FLAGS } from "../../scripts/start-flags";

test("package.json's start script gives node the server's flags", () => {
  const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const args = pkg.scripts.start.split(/\s+/);
  expect(args[0]).toBe("node");
  expect(args.slice(1, 1 + SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
});

test("this node accepts every one of the server's flags", () => {
  // V8's flags are not a stable interface: a node that no longer knows one refuses to start ("bad option").
  const out = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, "-e", "process.stdout.write('started')"], {
    encoding: "utf8",
  });
  expect(out).toBe("started");
});
