/**
 * Heavy work an outsider or a member can ask for, under attack, against the production server in its own
 * process: ordinary pages, a static file and the favicon must keep answering while
 *
 * - members upload animated GIFs of thousands of 1 × 1 frames as profile pictures (and writers as post images,
 *   the owner as the site icon): each frame used to be decoded, enlarged and encoded, on the thread pool that
 *   also reads static files and compresses answers;
 * - writers ask for previews of markdown the parser handles in quadratic time ("[" × n + "]" × n, emphasis and
 *   strikethrough marks, deep nesting) up to the 400,000 characters allowed;
 * - writers publish a page whose text makes the image-address scan of a published page quadratic.
 *
 * Budgets are in each test; the figures are printed.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { renderThreadLimits } from "~/content/markdown/render-markdown.server";
import { ApiClient } from "../helpers/api-client";
import { startHostileSite, underAttack } from "../helpers/hostile-load";
import { animatedGif } from "../helpers/images";
import type { SiteProcess } from "../helpers/site-process";

/** Hostile requests one after another until the signal, each abandoned when it is; how many got which status. */
async function flood(
  signal: AbortSignal,
  send: (signal: AbortSignal) => Promise<Response>,
): Promise<Record<number | "aborted", number>> {
  const statuses: Record<number | "aborted", number> = { aborted: 0 };
  while (!signal.aborted) {
    try {
      const response = await send(signal);
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    } catch {
      statuses.aborted++;
    }
  }
  return statuses;
}

function sendAs(client: ApiClient, method: string, path: string, body: string | Uint8Array, type: string) {
  return (signal: AbortSignal) =>
    fetch(client.baseUrl + path, {
      method,
      signal,
      headers: { Origin: client.baseUrl, Cookie: client.cookieHeader, "Content-Type": type, "X-Locale": "en" },
      body: typeof body === "string" ? body : new Uint8Array(body),
    });
}

// One site for every attack: each is measured from the server's settled memory after the one before, and each
// signs in its own clients; the images the first saves are not read by the others.
let site: SiteProcess;
beforeAll(async () => {
  site = await startHostileSite();
}, 120_000);
afterAll(async () => {
  await site?.stop();
});

describe("image work under a flood of animated GIFs", () => {
  let staticFile: string;
  const members: ApiClient[] = [];
  let editor: ApiClient;
  let admin: ApiClient;
  let bomb: Buffer;

  beforeAll(async () => {
    for (let i = 0; i < 4; i++) {
      const member = new ApiClient(site.url);
      await member.login("member");
      members.push(member);
    }
    editor = new ApiClient(site.url);
    await editor.login("editor");
    admin = new ApiClient(site.url);
    await admin.login("admin");
    // About 460 KB: 16,000 frames of one pixel.
    bomb = await animatedGif(1, 1, 16_000);
    const html = await (await fetch(`${site.url}/tuts/git-bisect`)).text();
    // A script of the page: a file the static handler reads from disk (the first address of one, which ends where
    // an attribute's quote or entity does: the preloads are named in an attribute).
    staticFile = /(\/assets\/[^"'\s&]+\.js)/.exec(html)?.[1] ?? "";
    expect(staticFile).not.toBe("");
  }, 120_000);

  test("profile pictures, post images and the site icon: pages, static files and the favicon keep answering", async () => {
    const report = await underAttack(site, {
      name: "gif-frame-bomb",
      seconds: 10,
      pages: ["/tuts/git-bisect", staticFile, "/favicon.ico"],
      attack: (signal) =>
        Promise.all([
          ...members.map((member) =>
            flood(signal, sendAs(member, "PUT", "/api/users/avatar", bomb, "application/octet-stream")),
          ),
          flood(signal, sendAs(editor, "POST", "/api/media/upload?name=bomb.gif", bomb, "application/octet-stream")),
          flood(signal, sendAs(admin, "PUT", "/api/settings/icon", bomb, "application/octet-stream")),
        ]),
    });
    console.log(JSON.stringify(report.byPath));
    expect(report.pageFailures).toBe(0);
    expect(report.byPath[staticFile]!.p95Ms).toBeLessThan(1000);
    expect(report.byPath["/favicon.ico"]!.p95Ms).toBeLessThan(1000);
    expect(report.pageP95Ms).toBeLessThan(1000);
    expect(report.growthMb).toBeLessThan(300);
    // The uploads were answered (saved, refused or told to come back), not left hanging.
    const answered = (report.attackResult as Record<string, number>[]).map((statuses) =>
      Object.entries(statuses)
        .filter(([status]) => status !== "aborted")
        .reduce((sum, [, count]) => sum + count, 0),
    );
    expect(Math.min(...answered)).toBeGreaterThan(0);
  }, 120_000);
});

describe("markdown under hostile previews and pages", () => {
  let editor: ApiClient;
  let second: ApiClient;

  beforeAll(async () => {
    editor = new ApiClient(site.url);
    await editor.login("editor");
    second = new ApiClient(site.url);
    await second.login("admin");
  }, 120_000);

  /** Texts the parser used to take seconds to minutes on, none over the 400,000 characters allowed. */
  const shapes = [
    "[".repeat(10_000) + "]".repeat(10_000),
    "[".repeat(20_000) + "]".repeat(20_000),
    "[".repeat(200_000) + "]".repeat(200_000),
    "*a_".repeat(20_000),
    "~a".repeat(100_000),
    "> ".repeat(5_000) + "a",
    "- ".repeat(5_000) + "a",
    Array.from({ length: 600 }, (_, i) => " ".repeat(2 * i) + "- a").join("\n"),
  ];
  /** The heaviest text within the limits: 390,000 characters of links and emphasis, seconds of rendering each. */
  const heavy = Array.from({ length: 6_000 }, () => "[a](b) *c* _d_ ~~e~~ ".repeat(3)).join("\n\n");

  test("previews of degenerate and of heavy markdown: the site keeps answering, and each degenerate one is refused at once", async () => {
    const preview = (client: ApiClient, markdown: string) =>
      sendAs(client, "POST", "/api/builds/preview", JSON.stringify({ locale: "en", markdown }), "application/json");
    const report = await underAttack(site, {
      name: "markdown-previews",
      seconds: 10,
      attack: (signal) =>
        Promise.all(
          [editor, second].map(async (client, n) => {
            const statuses: number[] = [];
            // Every other request is the heaviest text the limits let through.
            for (let i = n; !signal.aborted; i++) {
              const text = i % 2 === 0 ? heavy : shapes[(i >> 1) % shapes.length]!;
              try {
                const response = await preview(client, text)(signal);
                await response.arrayBuffer();
                statuses.push(response.status);
              } catch {
                statuses.push(0);
              }
            }
            return statuses;
          }),
        ),
    });
    expect(report.pageFailures).toBe(0);
    expect(report.pageP95Ms).toBeLessThan(1000);
    // One drafts thread rendering the heaviest text allowed: its heap limit (320 MB) and what the server holds.
    expect(report.growthMb).toBeLessThan(450);
    for (const markdown of shapes) {
      const started = performance.now();
      const answer = await editor.post<{ message: string }>("/api/builds/preview", { locale: "en", markdown });
      expect(answer.status, markdown.slice(0, 40)).toBe(422);
      expect(answer.body.message).toMatch(/paragraph|nest/);
      expect(performance.now() - started).toBeLessThan(2000);
    }
  }, 180_000);

  test("a published page made to stall the server's own scan of its text: pages keep answering", async () => {
    // Thousands of "![" in paragraphs of their own pass the parser's limits, and used to make the scan for
    // image addresses rescan the rest of the text from each one, on the server's thread.
    const hostile = (n: number) => `${n}\n\n` + "![\n\n<img \n\n[a\n".repeat(25_000);
    let round = 0;
    const report = await underAttack(site, {
      name: "published-image-scan",
      seconds: 10,
      attack: async (signal) => {
        const statuses: number[] = [];
        while (!signal.aborted) {
          const saved = await editor.post("/api/builds/commit", {
            action: "save",
            locale: "en",
            path: "/notes/scan",
            frontMatter: {
              title: "Scan",
              description: "",
              tags: [],
              toc: false,
              comments: false,
              draft: false,
              intro: false,
            },
            markdown: hostile(round++),
            baseHash: (await editor.get<{ hash: string | null }>("/api/builds/source?locale=en&path=/notes/scan")).body
              .hash,
          });
          statuses.push(saved.status);
          const builds = await editor.get<{ builds: { id: number; status: string }[] }>("/api/builds/all");
          const open = builds.body.builds.find((b) => b.status === "open");
          if (open) statuses.push((await second.post("/api/builds/run", { buildId: open.id })).status);
          const page = await fetch(`${site.url}/en/notes/scan`, { signal }).catch(() => null);
          statuses.push(page?.status ?? 0);
        }
        return statuses;
      },
    });
    expect(report.pageFailures).toBe(0);
    expect(report.pageP95Ms).toBeLessThan(1000);
    // Saving, previewing and publishing a text this large keeps both rendering threads at work, and each may fill
    // its heap up to its limit (whether the second was still running when the baseline was taken depends on when
    // the test before it ended): the server's own thread may add 150 MB beyond that, no more.
    const threads = 2 * (renderThreadLimits.maxOldGenerationSizeMb + renderThreadLimits.maxYoungGenerationSizeMb);
    expect(report.growthMb).toBeLessThan(threads + 150);
    expect(report.attackResult).toContain(200);
  }, 180_000);
});
