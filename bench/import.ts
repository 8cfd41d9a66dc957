/**
 * Import benchmark: an export of 5,000 posts (half Persian, half English), 50,000 comments in threads and
 * 2,000 images (small real JPEGs in an uploads folder) planned and applied to a seeded site as one build, by the
 * same services the command line calls, in this process, against the site's database while the site (a child
 * process) answers a reader's page every 250 ms.
 * Reported: the plan's and the import's time (budget: under 2 minutes in all), this process's peak memory
 * (budget: under 600 MB), the site's peak memory, and the reader's latency meanwhile (median and worst).
 *
 * Run: npx tsx bench/import.ts [posts, default 5000]   (exits non-zero over budget)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import sharp from "sharp";
import type { ExportedItem, ExportedSite } from "../app/import/model";
import { benchPosts, startSeededSite } from "./site";

const POSTS = Number(process.argv[2] ?? 5000);
const COMMENTS_PER_POST = 10;
const IMAGES = Math.min(2000, POSTS);
const BUDGET_MS = 120_000;
const BUDGET_MB = 600;

const site = await startSeededSite();
process.env.DATA_DIR = site.dataDir;
process.env.DATABASE_URL = `file:${path.join(site.dataDir, "daftar.db")}`;
const uploads = mkdtempSync(path.join(tmpdir(), "daftar-bench-uploads-"));

try {
  const { getDb, closeDatabase } = await import("../app/db/client.server");
  const { planImport } = await import("../app/import/plan.server");
  const { applyImport } = await import("../app/import/apply.server");
  const { mediaFolder } = await import("../app/import/media-source.server");
  const { findUserByName } = await import("../app/auth/users.server");

  process.stdout.write(`Making ${IMAGES} images… `);
  mkdirSync(path.join(uploads, "2020"), { recursive: true });
  for (let i = 0; i < IMAGES; i++) {
    const jpeg = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: i % 256, g: (i * 7) % 256, b: (i * 13) % 256 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    writeFileSync(path.join(uploads, "2020", `photo-${i}.jpg`), jpeg);
  }
  console.log("done");

  const items: ExportedItem[] = Array.from({ length: POSTS }, (_, i) => {
    const fa = i % 2 === 0;
    const image = i < IMAGES ? `https://old.example.com/wp-content/uploads/2020/photo-${i}.jpg` : null;
    const paragraph = fa
      ? `بند ${i}: متنی با نیم‌فاصله برای خواندن. `.repeat(20)
      : `Paragraph ${i}: text to read. `.repeat(20);
    return {
      key: `post:${i}`,
      kind: "post",
      title: fa ? `نوشتهٔ شمارهٔ ${i}` : `Post number ${i}`,
      slug: fa ? `نوشته-${i}` : `post-${i}`,
      status: i % 10 === 0 ? "draft" : "published",
      statusNote: null,
      publishedAt: "2020-03-04T10:00:00+03:30",
      updatedAt: null,
      excerpt: "",
      authorKey: null,
      categoryKeys: ["term:1"],
      tagKeys: ["term:2"],
      sticky: false,
      featuredImage: image,
      markdown: `${paragraph}\n\n${image ? `![](${image})\n\n` : ""}${paragraph}\n`,
      images: image ? [image] : [],
      locale: fa ? "fa" : "en",
      localeFrom: "export",
      translationGroup: null,
      oldAddresses: [`/?p=${i}`],
      commentsOpen: true,
      comments: Array.from({ length: COMMENTS_PER_POST }, (_, c) => ({
        key: `comment:${i}:${c}`,
        parentKey: c % 3 === 0 || c === 0 ? null : `comment:${i}:${c - (c % 3)}`,
        authorName: `Reader ${c}`,
        authorEmail: null,
        authorUrl: null,
        date: "2020-03-05T10:00:00Z",
        body: `Comment ${c} on ${i}.`,
        status: c % 7 === 0 ? "pending" : "approved",
      })),
    };
  });
  const exported: ExportedSite = {
    source: "wordpress",
    title: "Bench",
    baseUrl: "https://old.example.com",
    authors: [],
    categories: [
      {
        key: "term:1",
        slug: "archive",
        name: "Archive",
        parentKey: null,
        description: "",
        locale: null,
        translationKey: null,
      },
    ],
    tags: [{ key: "term:2", slug: "bench", name: "bench" }],
    items,
    addresses: [],
    warnings: [],
  };

  // The reader's page, every 250 ms, while the import runs.
  const latencies: number[] = [];
  let reading = true;
  const reader = (async () => {
    while (reading) {
      const start = performance.now();
      const answer = await fetch(site.url + benchPosts[1]);
      await answer.text();
      if (answer.status !== 200) throw new Error(`the reader's page answered ${answer.status}`);
      latencies.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);

  const db = await getDb();
  const admin = (await findUserByName(db, "admin"))!;
  const started = performance.now();
  const plan = await planImport(db, exported);
  const planned = performance.now();
  const report = await applyImport(db, plan, { userId: admin.id, media: mediaFolder(uploads), locale: "en" });
  const finished = performance.now();
  reading = false;
  await reader;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const siteStatus = readFileSync(`/proc/${site.pid}/status`, "utf8");
  const siteMb = Number(/VmHWM:\s+(\d+)/.exec(siteStatus)?.[1] ?? 0) / 1024;

  latencies.sort((a, b) => a - b);
  const total = finished - started;
  const peakMb = peak / 1024 / 1024;
  console.log(
    `Imported ${report.pages} items, ${report.comments} comments, ${report.images} images ` +
      `(${report.imageFailures.length} images failed) into build #${report.buildId}`,
  );
  console.log(
    `  plan ${(planned - started).toFixed(0)} ms, import ${(finished - planned).toFixed(0)} ms, in all ${(total / 1000).toFixed(1)} s (budget ${BUDGET_MS / 1000} s)`,
  );
  console.log(
    `  importing process peak memory ${peakMb.toFixed(0)} MB (budget ${BUDGET_MB} MB); site's peak ${siteMb.toFixed(0)} MB`,
  );
  console.log(
    `  reader's page meanwhile: ${latencies.length} answers, median ${latencies[Math.floor(latencies.length / 2)]?.toFixed(0)} ms, ` +
      `worst ${latencies.at(-1)?.toFixed(0)} ms`,
  );
  await closeDatabase();
  if (total > BUDGET_MS || peakMb > BUDGET_MB) process.exitCode = 1;
} finally {
  await site.stop();
  rmSync(uploads, { recursive: true, force: true });
  rmSync(site.dataDir, { recursive: true, force: true });
}
