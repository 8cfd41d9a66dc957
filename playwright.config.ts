import { defineConfig, devices } from "@playwright/test";

/** Debian's Chromium; Playwright's own browser download does not work on these machines. */
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "tmp/playwright-report.json" }]],
  use: {
    ...devices["Desktop Chrome"],
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
