/**
 * Scale benchmark: the site's costs as it grows. Sites of 1,000, 10,000 and 50,000 pages (half Persian, half
 * English, at the same addresses; posts in the four bundled categories, with tags, approved comments and
 * published images) are seeded, started as production servers, and measured: start-up to the first answered
 * page, memory (RSS) then and at the end (peak), the server's CPU time after start and once its search index is
 * made (a figure the machine's load hardly moves, unlike the times), a cached and an uncached post, the home and a
 * category page, search (until its index is ready, then p95), the sitemap and a feed, publishing a one-page build,
 * and the dashboard's items list. Each figure must grow at most linearly with the pages: a row whose growth from
 * one size to the next exceeds the page ratio is marked (`!`). Budgets at the largest size: started (first page
 * answered) in under 30 s, peak RSS under 1 GB, publishing one page under 1 s. Exits 1 when a budget or a growth
 * check fails.
 *
 *   npx tsx bench/scale.ts                       (1k, 10k, 50k: about 15 minutes)
 *   npx tsx bench/scale.ts --sizes 1000,10000    (quicker)
 *   npx tsx bench/scale.ts --sizes 10000 --seed /tmp/site   (only seed a data folder, to study by hand)
 *
 * How the sites are seeded. Writing 50,000 pages through the editor's API takes hours, so the seed writes what
 * publishing would have written, directly: the installer's own seed first (tests/helpers/seed.ts: migrations,
 * default data with the bundled pages, accounts), then, in one write transaction, the pages' rows (each with the
 * file and the exact text `serializeContentFile` writes, as a published build leaves them), the media rows of
 * the images they show (real JPEGs described by `describeStoredImage`), approved comments, and the history's
 * baseline build (app/builds/publish.server.ts: one build of kind "baseline", sequence 1, a commit row per file,
 * its "local" push done). The site's repository (DATA_DIR/repository/content.git) gets that build's files in
 * one `git fast-import`, unpacked into loose objects as the site writes them (isomorphic-git), and the baseline's commit is
 * then written by the app's own `writeCommit` from the facts recorded in the build, so its id is the one every
 * instance makes and records (checked: a fresh instance would make the same commit from the database alone).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { serializeContentFile } from "../app/content/front-matter";
import { pageValues } from "../app/content/import.server";
import { openDatabase } from "../app/db/client.server";
import { buildPushes, builds, comments, commits, media, pages, users } from "../app/db/schema";
import { writeTransaction } from "../app/db/transaction.server";
import { describeStoredImage } from "../app/media/describe.server";
import { fileOfPage } from "../app/builds/files";
import { POSTS_PER_PAGE } from "../app/content/views.server";
import { buildName, type PageSource } from "../app/builds/builds.server";
import { SITE_AUTHOR } from "../app/builds/publish.server";
import { openRepo, writeCommit } from "../app/builds/git/objects.server";
import { buildIfStale } from "../scripts/build-if-stale";
import { ApiClient } from "../tests/helpers/api-client";
import { cpuMs, seededRandom } from "./measure";
import { seedDatabaseAt } from "../tests/helpers/seed";
import { startSite, type SiteProcess } from "../tests/helpers/site-process";

const args = process.argv.slice(2);
const sizesArg = args.includes("--sizes") ? args[args.indexOf("--sizes") + 1] : undefined;
const SIZES = (sizesArg ?? "1000,10000,50000").split(",").map((s) => Number(s.replace(/_/g, "")));
if (SIZES.some((n) => !Number.isInteger(n) || n < 100)) throw new Error("--sizes: page counts of at least 100");

const START_BUDGET_MS = 30_000;
const RSS_BUDGET_MB = 1024;
const PUBLISH_BUDGET_MS = 1000;
/** A figure may grow by this times the page ratio before its row is marked. */
const GROWTH_SLACK = 1;
/** Figures below this are noise, not growth: a row whose larger figure is under it is never marked. */
const FLOOR_MS = 20;

const CATEGORIES = ["notes", "tuts", "books", "projects"] as const;

/* ------------------------------- generation -------------------------------- */

const rand = seededRandom(0x5eed);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const FA_WORDS = (
  "کتاب نویسنده داستان شعر فرهنگ تاریخ زبان فارسی ترجمه واژه متن مقاله پژوهش دانشگاه آموزش برنامه‌نویسی " +
  "نرم‌افزار رایانه شبکه داده پایگاه سرور کاربر امنیت فناوری الگوریتم ریاضی موسیقی سینما نقاشی طبیعت کوه دریا " +
  "باران شهر خانه مردم اقتصاد بازار قانون رسانه پرسش پاسخ تجربه دانش فلسفه سفر غذا چای درخت بهار پاییز زمستان " +
  "نوروز آینده گذشته تغییر توسعه کیفیت روش ابزار طراحی نسخه انتشار ویژگی خطا آزمون سرعت حافظه و در به از که این را با"
).split(" ");
const EN_WORDS = (
  "book author story poem culture history language translation word text article research university learning " +
  "programming software computer network data database server user security technology algorithm mathematics " +
  "music cinema painting nature mountain sea rain city home people economy market law media question answer " +
  "experience knowledge philosophy travel food tea tree spring autumn winter future past change growth quality " +
  "method tool design version release feature error testing speed memory the of and to in a is that for with"
).split(" ");
const words = (locale: "fa" | "en", n: number) =>
  Array.from({ length: n }, () => pick(locale === "fa" ? FA_WORDS : EN_WORDS)).join(" ");

const TAGS = {
  fa: Array.from({ length: 300 }, (_, i) => `${pick(FA_WORDS)}-${i}`),
  en: Array.from({ length: 300 }, (_, i) => `${pick(EN_WORDS)}-${i}`),
};

/** A post of a few sections, some with code or a list, some showing a published image. */
function body(locale: "fa" | "en", image: string | null): string {
  const parts: string[] = [words(locale, 40) + "."];
  const sections = 2 + Math.floor(rand() * 3);
  for (let s = 0; s < sections; s++) {
    parts.push(`## ${words(locale, 3)}`, words(locale, 60) + ".");
    if (rand() < 0.3) parts.push("```ts", `const x${s} = ${Math.floor(rand() * 100)};`, "```");
    if (rand() < 0.3) parts.push(`- ${words(locale, 4)}\n- ${words(locale, 5)}`);
  }
  if (image) parts.splice(1, 0, `![${words(locale, 2)}](/${image})`);
  return parts.join("\n\n") + "\n";
}

interface Seeded {
  posts: { path: string; category: string }[];
  words: { fa: string[]; en: string[] };
}

/** A small real JPEG, different per `i` (its key is its bytes' hash). */
async function jpeg(i: number): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: i % 256, g: (i * 7) % 256, b: (i * 13) % 256 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function run(command: string, argv: string[], options: { cwd?: string; input?: Buffer } = {}) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, argv, { cwd: options.cwd, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (err += c.toString()));
    child.on("error", reject);
    child.stdin.on("error", () => undefined); // the exit code and stderr tell what went wrong
    child.on("close", (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`${command}: ${code} ${err}`))));
    child.stdin.end(options.input ?? Buffer.alloc(0));
  });
}

/** Seeds a site of `total` pages (the bundled ones included) in `dataDir` (see the header). */
async function seedSite(dataDir: string, total: number): Promise<Seeded> {
  const databaseUrl = `file:${path.join(dataDir, "daftar.db")}`;
  await seedDatabaseAt(databaseUrl);
  const { db, client } = await openDatabase(databaseUrl);
  try {
    const bundled = (await db.select({ id: pages.id }).from(pages).all()).length;
    const perLocale = Math.floor((total - bundled) / 2);
    const member = (await db.select({ id: users.id }).from(users).where(eq(users.userName, "member")).get())!;
    const now = new Date();

    // Images: one for every 200 pages, each shown by the pages that name it.
    const images: { path: string; row: typeof media.$inferInsert }[] = [];
    for (let i = 0; i < Math.max(5, Math.ceil(total / 200)); i++) {
      const data = await jpeg(i);
      const described = await describeStoredImage(data);
      const file = `media/${described.key}-photo-${i}.jpg`;
      images.push({ path: file, row: { path: file, ...described, data, createdAt: now, updatedAt: now } });
    }

    const rows: (typeof pages.$inferInsert)[] = [];
    const posts: Seeded["posts"] = [];
    for (let i = 0; i < perLocale; i++) {
      const category = CATEGORIES[i % CATEGORIES.length]!;
      const path = `/${category}/post-${i}`;
      const day = new Date(Date.UTC(2000, 0, 1) + Math.floor(rand() * 9500) * 86_400_000);
      const image = i % 10 === 0 ? pick(images).path : null;
      posts.push({ path, category });
      for (const locale of ["fa", "en"] as const) {
        const frontMatter = {
          title: `${words(locale, 4)} ${i}`,
          description: words(locale, 12),
          date: day.toISOString().slice(0, 10),
          category,
          tags: [pick(TAGS[locale]), pick(TAGS[locale])].filter((t, k, all) => all.indexOf(t) === k),
          comments: i % 5 === 0,
        };
        const markdown = body(locale, image);
        const file = fileOfPage(locale, path);
        const source = serializeContentFile(frontMatter, markdown);
        rows.push({
          ...pageValues({
            locale,
            path,
            frontMatter: { ...frontMatter, toc: false, draft: false, intro: false },
            body: markdown,
            file,
            source,
          }),
          createdAt: day,
          updatedAt: day,
        });
      }
    }

    await writeTransaction(db, async (tx) => {
      for (let i = 0; i < rows.length; i += 400) await tx.insert(pages).values(rows.slice(i, i + 400));
      await tx.insert(media).values(images.map((image) => image.row));
      const commentRows: (typeof comments.$inferInsert)[] = [];
      for (const [i, post] of posts.entries()) {
        if (i % 5 !== 0) continue;
        for (const routePath of [post.path, `/en${post.path}`]) {
          for (let k = 0; k < 3; k++) {
            commentRows.push({
              routePath,
              userId: member.id,
              authorName: "Mo Member",
              body: words(routePath.startsWith("/en") ? "en" : "fa", 15),
              status: "approved",
              createdAt: now,
              updatedAt: now,
            });
          }
        }
      }
      for (let i = 0; i < commentRows.length; i += 500) await tx.insert(comments).values(commentRows.slice(i, i + 500));
    });

    // The history's baseline: every file the site holds, as publish.server.ts's `ensureBaseline` records it.
    const files = await db.select({ file: pages.file, source: pages.source }).from(pages).orderBy(pages.id).all();
    const publishedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
    const message = `Content of the site when its history began\n`;
    const baselineId = await writeTransaction(db, async (tx) => {
      const [baseline] = await tx
        .insert(builds)
        .values({
          name: buildName(publishedAt),
          status: "published",
          kind: "baseline",
          publishedAt,
          authorName: SITE_AUTHOR.name,
          authorEmail: SITE_AUTHOR.email,
          message,
          sequence: 1,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        })
        .returning({ id: builds.id });
      const commitRows: (typeof commits.$inferInsert)[] = [
        ...files.map((f) => ({ path: f.file!, content: f.source! })),
        ...images.map((image) => ({ path: image.path, data: image.row.data as Buffer })),
      ].map((f) => ({ buildId: baseline!.id, message: "Baseline", ...f, createdAt: now, updatedAt: now }));
      for (let i = 0; i < commitRows.length; i += 500) await tx.insert(commits).values(commitRows.slice(i, i + 500));
      return baseline!.id;
    });

    // The repository: the files in one fast-import (a throwaway commit gives their tree), then the baseline's
    // commit as the site writes it.
    const gitdir = path.join(dataDir, "repository", "content.git");
    await run("git", ["init", "--quiet", "--bare", "--initial-branch=main", gitdir]);
    const chunks: Buffer[] = [];
    const entries = [
      ...files.map((f) => ({ path: f.file!, bytes: Buffer.from(f.source!, "utf8") })),
      ...images.map((image) => ({ path: image.path, bytes: image.row.data as Buffer })),
    ];
    chunks.push(Buffer.from(`commit refs/heads/seed\ncommitter seed <seed@seed.invalid> 0 +0000\ndata 0\n`));
    for (const entry of entries) {
      chunks.push(
        Buffer.from(`M 100644 inline ${entry.path}\ndata ${entry.bytes.length}\n`),
        entry.bytes,
        Buffer.from("\n"),
      );
    }
    chunks.push(Buffer.from("\n"));
    await run("git", ["--git-dir", gitdir, "fast-import", "--quiet"], { input: Buffer.concat(chunks) });
    // The site writes loose objects only (isomorphic-git): the pack is unpacked so the repository is as it
    // would be, not one after a `git gc`.
    const packDir = path.join(gitdir, "objects", "pack");
    for (const name of readdirSync(packDir).filter((n) => n.endsWith(".pack"))) {
      const pack = readFileSync(path.join(packDir, name));
      for (const ext of [".pack", ".idx", ".rev"])
        rmSync(path.join(packDir, name.replace(/\.pack$/, ext)), { force: true });
      await run("git", ["--git-dir", gitdir, "unpack-objects", "-q"], { input: pack });
    }
    const tree = await run("git", ["--git-dir", gitdir, "rev-parse", "seed^{tree}"]);
    await run("git", ["--git-dir", gitdir, "update-ref", "-d", "refs/heads/seed"]);
    const commit = await writeCommit(openRepo(gitdir), {
      tree,
      parents: [],
      message,
      author: SITE_AUTHOR,
      time: Math.floor(publishedAt.getTime() / 1000),
    });
    await run("git", ["--git-dir", gitdir, "update-ref", "refs/heads/main", commit]);
    const held = (await run("git", ["--git-dir", gitdir, "ls-tree", "-r", "--name-only", "main"])).split("\n").length;
    if (held !== entries.length) throw new Error(`the repository holds ${held} files, not ${entries.length}`);
    await db.update(builds).set({ localCommit: commit }).where(eq(builds.id, baselineId));
    await db.insert(buildPushes).values({
      buildId: baselineId,
      target: "local",
      state: "done",
      commitId: commit,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const count = (await db.select({ id: pages.id }).from(pages).all()).length;
    if (count !== bundled + perLocale * 2) throw new Error(`seeded ${count} pages`);
    return { posts, words: { fa: FA_WORDS.slice(0, 60), en: EN_WORDS.slice(0, 60) } };
  } finally {
    client.close();
  }
}

/* -------------------------------- measuring -------------------------------- */

function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

async function timed(url: string, init?: RequestInit): Promise<number> {
  const start = performance.now();
  const answer = await fetch(url, init);
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
  return performance.now() - start;
}

const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const p95 = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.ceil(0.95 * xs.length) - 1]!;

async function samples(n: number, one: (i: number) => Promise<number>): Promise<number> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await one(i));
  return median(out);
}

type Figures = Record<string, number>;

async function measure(total: number): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "daftar-scale-"));
  const figures: Figures = {};
  let site: SiteProcess | undefined;
  try {
    const seedStart = performance.now();
    const seeded = await seedSite(dataDir, total);
    console.log(`  seeded ${total} pages in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const start = performance.now();
    site = await startSite({ DATA_DIR: dataDir });
    const base = site.url;
    for (;;) {
      const answer = await fetch(`${base}/`).catch(() => undefined);
      await answer?.arrayBuffer();
      if (answer?.status === 200) break;
      if (performance.now() - start > 120_000) throw new Error("the site never answered its home page");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    figures["start-up to first page (ms)"] = performance.now() - start;
    figures["RSS after start (MB)"] = memory(site.pid).rss;
    figures["CPU after start (ms)"] = cpuMs(site.pid);

    // The first search waits for the index (built in the background since start-up); a wait longer than the
    // server lets a request last is asked again.
    const searchStart = performance.now();
    for (;;) {
      const answer = await fetch(`${base}/api/search?q=${encodeURIComponent(pick(seeded.words.fa))}&locale=fa`).catch(
        () => undefined,
      );
      await answer?.arrayBuffer();
      if (answer?.status === 200) break;
      if (performance.now() - searchStart > 900_000) throw new Error("search never answered");
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    figures["search index ready (ms)"] = performance.now() - start;
    figures["CPU by then (ms)"] = cpuMs(site.pid);
    figures["RSS with the search index (MB)"] = memory(site.pid).rss;
    // The high-water mark so far: what starting and building the search index took at their most.
    figures["peak RSS by then (MB)"] = memory(site.pid).peak;

    const posts = seeded.posts;
    const postUrl = (i: number) => `${base}${i % 2 ? "/en" : ""}${posts[Math.floor((i * 7919) % posts.length)]!.path}`;
    figures["uncached post (ms)"] = await samples(15, (i) => timed(postUrl(i + 1)));
    await timed(postUrl(0));
    figures["cached post (ms)"] = await samples(15, () => timed(postUrl(0)));
    // A query string the page does not use: answered in full, never kept by the document cache.
    figures["home (ms)"] = await samples(7, (i) => timed(`${base}/?v=${i}`));
    figures["category page (ms)"] = await samples(7, (i) => timed(`${base}/notes?v=${i}`));
    // A page in the middle of a category's listing.
    const middle = Math.max(1, Math.floor(posts.length / CATEGORIES.length / POSTS_PER_PAGE / 2));
    figures["category, middle page (ms)"] = await samples(5, (i) => timed(`${base}/en/tuts?page=${middle}&v=${i}`));
    const queries = Array.from({ length: 40 }, (_, i) =>
      i % 2 ? `${pick(seeded.words.en)} ${pick(seeded.words.en)}` : pick(seeded.words.fa),
    );
    const searchTimes: number[] = [];
    for (const [i, q] of queries.entries()) {
      searchTimes.push(await timed(`${base}/api/search?q=${encodeURIComponent(q)}&locale=${i % 2 ? "en" : "fa"}`));
    }
    figures["search p95 (ms)"] = p95(searchTimes);
    figures["sitemap (ms)"] = await samples(3, () => timed(`${base}/sitemap.xml`));
    // A site of more addresses than one file holds has a sitemap index: its first file is measured too.
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const firstPart = /<sitemapindex[\s\S]*?<loc>([^<]+)<\/loc>/.exec(sitemap)?.[1]?.replace(/^https?:\/\/[^/]+/, base);
    figures["sitemap's largest file (ms)"] = await samples(3, () => timed(firstPart ?? `${base}/sitemap.xml`));
    figures["feed (ms)"] = await samples(3, (i) => timed(`${base}/en/feed.xml?v=${i}`));

    const admin = new ApiClient(base);
    await admin.login("admin");
    const items = async (query: string) => {
      const t = performance.now();
      const answer = await admin.get(`/api/items/all?${query}`);
      if (answer.status !== 200) throw new Error(`items: ${answer.status}`);
      return performance.now() - t;
    };
    figures["items list (ms)"] = await samples(5, () => items("page=1"));
    figures["items, last page by title (ms)"] = await samples(3, () =>
      items(`sort=title-asc&page=${Math.floor(total / 20)}`),
    );
    figures["items, text search (ms)"] = await samples(3, (i) => items(`q=${encodeURIComponent(`post-${i}7`)}`));
    figures["publish one page (ms)"] = await samples(3, (i) => publishOne(admin, base, posts[i * 3 + 1]!.path, i));

    figures["peak RSS (MB)"] = memory(site.pid).peak;
  } catch (error) {
    if (site) console.error(site.output().slice(-4000));
    throw error;
  } finally {
    if (site && process.env.SITE_OUTPUT) console.log(site.output());
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

/** Saves a new version of one page in the editor and publishes it: the time from the publish call to the answer. */
async function publishOne(admin: ApiClient, base: string, postPath: string, round: number): Promise<number> {
  const current = await admin.get<PageSource>(`/api/builds/source?locale=en&path=${encodeURIComponent(postPath)}`);
  if (current.status !== 200) throw new Error(`source: ${current.status}`);
  const marker = `published-${round}-${Date.now()}`;
  const saved = await admin.post("/api/builds/commit", {
    action: "save",
    locale: "en",
    path: postPath,
    frontMatter: {
      title: `Edited ${round}`,
      description: "",
      category: postPath.split("/")[1],
      date: "2026-11-25",
      tags: [],
      toc: false,
      comments: false,
      draft: false,
      intro: false,
    },
    markdown: `A new version: ${marker}.\n`,
    baseHash: current.body.hash,
  });
  if (saved.status !== 201) throw new Error(`save: ${saved.status} ${JSON.stringify(saved.body)}`);
  const list = await admin.get<{ builds: { id: number; status: string }[] }>("/api/builds/all");
  const open = list.body.builds.find((b) => b.status === "open")!;
  const start = performance.now();
  const answer = await admin.post("/api/builds/run", { buildId: open.id });
  if (answer.status !== 200) throw new Error(`publish: ${answer.status} ${JSON.stringify(answer.body)}`);
  const took = performance.now() - start;
  const html = await (await fetch(`${base}/en${postPath}`)).text();
  if (!html.includes(marker)) throw new Error("the published page does not show its new version");
  return took;
}

/* ---------------------------------- report --------------------------------- */

// `--seed <folder> --sizes <n>`: only seed a site of n pages into the (empty) folder, to start and study by hand
// (DATA_DIR=<folder> npm start).
if (args.includes("--seed")) {
  const dataDir = args[args.indexOf("--seed") + 1]!;
  await seedSite(dataDir, SIZES[0]!);
  console.log(`seeded ${SIZES[0]} pages in ${dataDir}`);
  process.exit(0);
}

buildIfStale();
const results: Figures[] = [];
for (const size of SIZES) {
  console.log(`site of ${size} pages`);
  const figures = await measure(size);
  // Each size's figures as they come: a later size that fails (or never ends) does not take them with it.
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value.toFixed(1)}`);
  results.push(figures);
}

const rows = Object.keys(results[0]!);
const width = Math.max(...rows.map((r) => r.length)) + 2;
console.log(`\n${"".padEnd(width)}${SIZES.map((s) => String(s).padStart(10)).join("")}   growth`);
let failed = false;
for (const row of rows) {
  const values = results.map((r) => r[row]!);
  const marks: string[] = [];
  for (let i = 1; i < values.length; i++) {
    const ratio = SIZES[i]! / SIZES[i - 1]!;
    const growth = values[i]! / Math.max(values[i - 1]!, 1e-9);
    const noise = !row.includes("(MB)") && values[i]! < FLOOR_MS;
    const bad = !noise && growth > ratio * GROWTH_SLACK;
    if (bad) failed = true;
    marks.push(`${growth.toFixed(1)}x${bad ? "!" : ""}`);
  }
  console.log(`${row.padEnd(width)}${values.map((v) => v.toFixed(0).padStart(10)).join("")}   ${marks.join(" ")}`);
}
const largest = results.at(-1)!;
const budgets = [
  ["start-up to first page (ms)", START_BUDGET_MS],
  ["peak RSS (MB)", RSS_BUDGET_MB],
  ["publish one page (ms)", PUBLISH_BUDGET_MS],
] as const;
for (const [row, budget] of budgets) {
  const ok = largest[row]! < budget;
  if (!ok) failed = true;
  console.log(
    `${row} at ${SIZES.at(-1)} pages: ${largest[row]!.toFixed(0)} (budget ${budget}) ${ok ? "PASS" : "FAIL"}`,
  );
}
console.log(failed ? "FAIL" : "PASS");
process.exit(failed ? 1 : 0);
