/** A seeded, installed production site in a child process, for the benchmarks (the same as the e2e fixture). */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfStale } from "../scripts/build-if-stale";
import { seedDatabaseAt } from "../tests/helpers/seed";
import { startSite, type SiteProcess } from "../tests/helpers/site-process";

export async function startSeededSite(env: Record<string, string> = {}): Promise<SiteProcess> {
  buildIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), "daftar-bench-"));
  await seedDatabaseAt(`file:${path.join(dataDir, "daftar.db")}`);
  return startSite({ DATA_DIR: dataDir, ...env });
}

/** The post every benchmark measures, in both languages (Lighthouse adds `publishPhotoPosts`). */
export const benchPosts = ["/tuts/git-bisect", "/en/tuts/git-bisect"];

/** A photograph-like picture: a gradient under fine noise, so it weighs what a camera's JPEG does. */
async function photograph(width: number, height: number, hue: number): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 70% 45%)"/><stop offset="1" stop-color="hsl(${hue + 60} 80% 60%)"/>
    </linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  const noise = await sharp({
    create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 24 } },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: "soft-light" }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const paragraph = (locale: "fa" | "en", n: number) =>
  locale === "fa"
    ? `بند ${n}: متنی برای خواندن میان تصویرها، تا تصویرهای دوم و سوم پایین‌تر از نخستین صفحه بیفتند و مرورگر آن‌ها را تنها هنگام نزدیک شدن بخواهد. `.repeat(
        3,
      )
    : `Paragraph ${n}: text to read between the pictures, so that the second and third fall below the first screen and the browser asks for them only as the reader nears them. `.repeat(
        3,
      );

/**
 * A post with three large photographs (3000×2000 JPEGs of a few megabytes), uploaded and published through the
 * API as an editor does, in both languages; every variant its pages offer is requested once, as visitors before
 * would have. Returns the posts' addresses.
 */
export async function publishPhotoPosts(site: SiteProcess): Promise<string[]> {
  const { ApiClient } = await import("../tests/helpers/api-client");
  const admin = new ApiClient(site.url);
  await admin.login("admin");
  const images: string[] = [];
  for (const [i, hue] of [200, 20, 120].entries()) {
    const answer = await admin.raw("POST", `/api/media/upload?name=photo-${i + 1}.jpg`, {
      body: await photograph(3000, 2000, hue),
      headers: { "Content-Type": "application/octet-stream" },
    });
    if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
    images.push(((await answer.json()) as { url: string }).url);
  }
  const paths: string[] = [];
  for (const locale of ["fa", "en"] as const) {
    const markdown = images
      .flatMap((url, i) => [
        paragraph(locale, 2 * i + 1),
        paragraph(locale, 2 * i + 2),
        `![${locale === "fa" ? `عکس ${i + 1}` : `Photograph ${i + 1}`}](${url})`,
      ])
      .join("\n\n");
    const saved = await admin.post("/api/builds/commit", {
      action: "save",
      locale,
      path: "/notes/photographs",
      frontMatter: {
        title: locale === "fa" ? "سه عکس" : "Three photographs",
        description: "",
        category: "notes",
        date: "2026-11-25",
        tags: [],
        toc: false,
        comments: false,
        draft: false,
        intro: false,
      },
      markdown,
      baseHash: null,
    });
    if (saved.status !== 201) throw new Error(`saving answered ${saved.status}: ${JSON.stringify(saved.body)}`);
    paths.push(locale === "fa" ? "/notes/photographs" : "/en/notes/photographs");
  }
  const { builds } = (await admin.get<{ builds: { id: number; status: string }[] }>("/api/builds/all")).body;
  const run = await admin.post("/api/builds/run", { buildId: builds.find((b) => b.status === "open")!.id });
  if (run.status !== 200) throw new Error(`publishing answered ${run.status}: ${JSON.stringify(run.body)}`);
  for (const post of paths) {
    const html = await (await fetch(site.url + post)).text();
    for (const variant of new Set(html.match(/\/img\/[0-9a-f]{16}\/\d+\.(avif|webp|jpg)/g))) {
      await (await fetch(site.url + variant)).arrayBuffer();
    }
  }
  return paths;
}
