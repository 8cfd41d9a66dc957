/** Runs one of the project's scripts (`scripts/<name>.ts`, as `npm run <name>` does) in a child process. */
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface ScriptResult {
  code: number | null;
  output: string;
}

/** Asynchronous, so the test process keeps serving its own requests while the script runs. */
export function runScript(name: string, args: string[], env: Record<string, string>): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules/.bin/tsx"), [`scripts/${name}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, output }));
  });
}
