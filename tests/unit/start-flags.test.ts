/** `npm start` gives the server the flags the tests' and benchmarks' server process is given (scripts/start-flags.ts). */
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
