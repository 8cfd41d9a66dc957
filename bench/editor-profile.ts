/**
 * Where the editor's first load spends the main thread: a V8 CPU profile of opening each editor page signed in as
 * the owner, with the CPU slowed down four times as Lighthouse's mobile run assumes, until the text can be typed
 * in. Prints the time to that point, the long tasks' count and total, and the functions and scripts that took
 * the most (self time). Figures that depend little on the machine's load: compare runs of one sitting.
 * Run: npx tsx bench/editor-profile.ts [runs]
 */
import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "../playwright.config";
import { startSeededSite } from "./site";

const pages = ["/manage/editor", "/manage/editor/fa/tuts/git-bisect", "/en/manage/editor/en/tuts/git-bisect"];
const runs = Math.max(1, Number(process.argv[2] ?? 1));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) per function and per script of a CPU profile. */
function selfTimes(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const functions = new Map<string, number>();
  const scripts = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const script = frame.url.replace(/^.*\//, "") || `(${frame.functionName || "program"})`;
    const name = `${frame.functionName || "(anonymous)"} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
    scripts.set(script, (scripts.get(script) ?? 0) + ms);
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`);
  return { functions: top(functions, 25), scripts: top(scripts, 12) };
}

const site = await startSeededSite();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  const { ApiClient } = await import("../tests/helpers/api-client");
  const owner = new ApiClient(site.url);
  await owner.login("admin");
  for (const path of pages) {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      await context.setExtraHTTPHeaders({ Cookie: owner.cookieHeader });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await page.addInitScript(() => {
        const w = window as unknown as { longTasks: number[] };
        w.longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
        }).observe({ type: "longtask", buffered: true });
      });
      await cdp.send("Profiler.start");
      await page.goto(site.url + path);
      await page.locator('[data-testid="rich-editor"][contenteditable="true"]').waitFor();
      const ready = await page.evaluate(() => performance.now());
      await page.waitForTimeout(1500);
      const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
      const timing = await page.evaluate(() => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
        const tasks = (window as unknown as { longTasks: number[] }).longTasks;
        return {
          ttfb: nav.responseStart,
          html: nav.transferSize,
          fcp,
          tasks: tasks.length,
          blocking: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
          longest: Math.max(0, ...tasks),
        };
      });
      const { functions, scripts } = selfTimes(profile);
      console.log(
        `\n${path}  ready ${ready.toFixed(0)} ms  TTFB ${timing.ttfb.toFixed(0)} ms  HTML ${(timing.html / 1024).toFixed(1)} KB  FCP ${timing.fcp.toFixed(0)} ms  ` +
          `long tasks ${timing.tasks} (blocking ${timing.blocking.toFixed(0)} ms, longest ${timing.longest.toFixed(0)} ms)`,
      );
      if (process.env.VERBOSE) console.log(["scripts:", ...scripts, "functions:", ...functions].join("\n"));
      await context.close();
    }
  }
} finally {
  await browser.close();
  await site.stop();
}
