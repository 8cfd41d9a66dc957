/** Runs one of the project's scripts (`scripts/<name>.ts`, as `npm run <name>` does) in a child process. */
import path from "node:path";
import { spawnGroup } from "../../scripts/process-group";

const root = path.resolve(import.meta.dirname, "../..");

export interface ScriptResult {
  code: number | null;
  output: string;
}

/**
 * Asynchronous, so the test process keeps serving its own requests while the script runs. tsx runs the script in
 * a node process of its own: both are one process group, ended with the test process if the test gives up first.
 */
export function runScript(name: string, args: string[], env: Record<string, string>): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = spawnGroup(path.join(root, "node_modules/.bin/tsx"), [`scripts/${name}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, output }));
  });
}
