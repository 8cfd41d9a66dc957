import { chromium } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedDatabaseAt } from "./tests/helpers/seed";
import { startSite } from "./tests/helpers/site-process";
const dataDir = mkdtempSync(path.join(tmpdir(), "daftar-look-"));
await seedDatabaseAt(`file:${path.join(dataDir, "daftar.db")}`);
const site = await startSite({ DATA_DIR: dataDir });
console.log(site.url);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const context = await browser.newContext({ baseURL: site.url, viewport: { width: 1366, height: 900 } });
const page = await context.newPage();
page.on("pageerror", (e) => console.log("PAGEERROR", e.message));
page.on("console", (m) => { if (m.type() === "error") console.log("CONSOLE", m.text()); });
await page.request.post("/api/auth/login", { data: { userName: "admin", password: "password123" }, headers: { origin: site.url } });
const shots = process.argv.slice(2);
for (const target of shots) {
  const [url, name] = target.split("=");
  await page.goto(url!);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/ed/${name}.png`, fullPage: false });
}
await browser.close();
await site.stop();
