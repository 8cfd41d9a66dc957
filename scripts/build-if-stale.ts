/** Builds the app when build/ is missing or older than any of its sources. */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const output = path.join(projectRoot, "build/server/index.js");
const sources = [
  "app",
  "server",
  "public",
  "package-lock.json",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIsStale(): boolean {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(path.join(projectRoot, source)) > built);
}

export function buildIfStale(): void {
  if (!buildIsStale()) return;
  console.log("Building Daftar (the build is missing or older than its sources)…");
  // Always a production build, also when a test runner (NODE_ENV=test) asks for it: otherwise React's
  // development builds end up in build/ and every later run (e2e, benchmarks) serves them.
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: projectRoot,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("The build failed.");
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) buildIfStale();
