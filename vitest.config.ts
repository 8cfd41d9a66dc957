/**
 * Every Vitest file: unit, integration and component tests. Files run two at a time (most of a file's time is
 * spent waiting for the servers, browsers and git processes it starts), except those whose assertions bound a
 * time (a page's latency under attack, a change seen on another instance within a second or two): they run one
 * at a time after the others, with no other file competing for the machine.
 */
import { defineConfig, type ViteUserConfig } from "vitest/config";

/** Files with time bounds in their assertions: run alone. */
const timed = [
  "tests/integration/hostile-load-*.test.ts",
  "tests/integration/addresses-cluster.test.ts",
  "tests/integration/builds-cluster.test.ts",
  "tests/integration/cluster.test.ts",
  "tests/integration/git-upload-pack.test.ts",
  "tests/integration/nostr-relay-limits.test.ts",
  "tests/integration/page-history.test.ts",
  "tests/integration/visit-log.test.ts",
  "tests/unit/proof-of-work.test.ts",
  "tests/unit/worker-pool.test.ts",
];

/** The suite over `include` less `exclude`, in two groups: files together, then the timed files alone. */
export function suite(include: string[], { exclude = [] as string[], env = {} as Record<string, string> } = {}) {
  const excluded = ["**/node_modules/**", ...exclude];
  // The timed files of this suite: those under one of its folders.
  const timedHere = timed.filter((file) => include.some((glob) => file.startsWith(glob.slice(0, glob.indexOf("*")))));
  return defineConfig({
    resolve: { tsconfigPaths: true },
    test: {
      environment: "node",
      pool: "forks",
      globalSetup: ["tests/global-setup.ts"],
      setupFiles: ["tests/setup.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      env,
      projects: [
        {
          extends: true,
          test: { name: "together", include, exclude: [...excluded, ...timed], maxWorkers: 2 },
        },
        {
          extends: true,
          test: { name: "alone", include: timedHere, exclude: excluded, maxWorkers: 1, sequence: { groupOrder: 1 } },
        },
      ],
    },
  } satisfies ViteUserConfig);
}

export default suite([
  "tests/unit/**/*.test.{ts,tsx}",
  "tests/integration/**/*.test.{ts,tsx}",
  // Components rendered in jsdom: each file asks for it with a `@vitest-environment jsdom` docblock.
  "tests/components/**/*.test.tsx",
]);
