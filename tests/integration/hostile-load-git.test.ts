/**
 * Anonymous git requests built to exhaust the server, sent for ten seconds while a visitor reads a post: gzip
 * bodies of flush packets that inflate a thousandfold, bodies full of "have" lines, and whole clones of a
 * repository of large images, many at once. The server's memory and the post's latency stay within budget.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import sharp from "sharp";
import { limits } from "~/db/rate-limit.server";
import { openDatabase } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { ApiClient } from "../helpers/api-client";
import { startHostileSite, underAttack } from "../helpers/hostile-load";
import type { SiteProcess } from "../helpers/site-process";

/** The CPU time process `pid` has used, in seconds (Linux: utime + stime, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const pkt = (line: string) => (line.length + 4).toString(16).padStart(4, "0") + line;
const CAPS = "side-band-64k ofs-delta no-progress agent=git/hostile";

// One site for both attacks: each is measured from the server's settled memory after the one before. What the first
// leaves that the second reads, the packs this address has asked for, is forgotten before the second.
let site: SiteProcess;
beforeAll(async () => {
  site = await startHostileSite();
}, 120_000);
afterAll(async () => {
  await site?.stop();
});

test("flush-packet bombs and have-line floods at once leave the site answering", async () => {
  const refs = await (await fetch(`${site.url}/git/content.git/info/refs?service=git-upload-pack`)).text();
  const head = /([0-9a-f]{40}) refs\/heads\/main/.exec(refs)![1]!;
  const wants = `${pkt(`want ${head} ${CAPS}\n`)}0000`;
  // Just under 16 MB of flush packets, about 16 KB on the wire.
  const bomb = gzipSync(Buffer.from(`${wants}${"0000".repeat(4 * 1024 * 1024 - 64)}`), { level: 9 });
  // Have lines nobody has: 1 MB of them (the size that once cost 5 s of CPU), and the most a request may say
  // (4 096 of them, then "done": a whole pack is asked for).
  const haves = Array.from({ length: 20_900 }, () => pkt(`have ${randomBytes(20).toString("hex")}\n`)).join("");
  const floods = [
    Buffer.from(`${wants}${haves}${pkt("done\n")}`),
    Buffer.from(`${wants}${haves.slice(0, 4_096 * 50)}${pkt("done\n")}`),
  ];

  const counts = { bombs: 0, floods: 0, statuses: {} as Record<string, number> };
  const send = async (body: Buffer, gzip: boolean, signal: AbortSignal) => {
    try {
      const response = await fetch(`${site.url}/git/content.git/git-upload-pack`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-git-upload-pack-request",
          ...(gzip ? { "Content-Encoding": "gzip" } : {}),
        },
        body: new Uint8Array(body),
        signal,
      });
      await response.arrayBuffer();
      counts.statuses[response.status] = (counts.statuses[response.status] ?? 0) + 1;
    } catch {
      counts.statuses.failed = (counts.statuses.failed ?? 0) + 1;
    }
  };
  const cpuBefore = cpuSeconds(site.pid);
  const report = await underAttack(site, {
    name: "git upload-pack: gzip flush bombs and have floods",
    seconds: 10,
    attack: async (signal) => {
      const loop = async (work: () => Promise<void>) => {
        while (!signal.aborted) await work();
      };
      await Promise.all([
        ...Array.from({ length: 3 }, () =>
          loop(async () => {
            counts.bombs++;
            await send(bomb, true, signal);
          }),
        ),
        ...Array.from({ length: 3 }, () =>
          loop(async () => {
            await send(floods[counts.floods++ % 2]!, false, signal);
          }),
        ),
      ]);
      return counts;
    },
  });
  console.log(
    `git attack: ${JSON.stringify(counts)}; the server used ${(cpuSeconds(site.pid) - cpuBefore).toFixed(1)} s of CPU`,
  );
  expect(counts.bombs + counts.floods).toBeGreaterThan(20);
  // Before the bounds: +1.6 GB, a visitor's page p50 5 s, p95 15 s, and pages failing.
  expect(report.growthMb).toBeLessThan(150);
  expect(report.pageFailures).toBe(0);
  expect(report.pageP95Ms).toBeLessThan(1000);
}, 120_000);

/** A picture of noise, which no encoder can make small: about `side`² × 3 bytes as a PNG. */
function noise(side: number): Promise<Buffer> {
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Forgets the packs counted for every address, as for visitors who have not asked for one yet. */
async function forgetPackCounts() {
  const connection = await openDatabase(`file:${path.join(site.dataDir, "daftar.db")}`);
  try {
    await connection.db.delete(rateLimits).where(like(rateLimits.key, `${limits.gitPacksByAddress.name}:%`));
  } finally {
    connection.client.close();
  }
}

test("many whole clones at once of a repository of large images: each pack streamed, a few at a time", async () => {
  // Four images of about 6 MB each on a public page: a clone is a pack of about 24 MB.
  const editor = new ApiClient(site.url);
  await editor.login("editor");
  const images: string[] = [];
  for (let i = 0; i < 4; i++) {
    const uploaded = await editor.raw("POST", `/api/media/upload?name=noise-${i}.png`, {
      body: await noise(1400),
      headers: { "Content-Type": "application/octet-stream" },
    });
    expect(uploaded.status).toBe(201);
    images.push(((await uploaded.json()) as { url: string }).url);
  }
  const saved = await editor.post("/api/builds/commit", {
    action: "save",
    locale: "en",
    path: "/notes/noise",
    frontMatter: {
      title: "Noise",
      description: "",
      tags: [],
      toc: false,
      comments: false,
      draft: false,
      intro: false,
    },
    markdown: images.map((url, i) => `![noise ${i}](${url})`).join("\n\n"),
    baseHash: null,
  });
  expect((await editor.post("/api/builds/run", { buildId: saved.body.buildId })).status).toBe(200);

  await forgetPackCounts();
  const refs = await (await fetch(`${site.url}/git/content.git/info/refs?service=git-upload-pack`)).text();
  const head = /([0-9a-f]{40}) refs\/heads\/main/.exec(refs)![1]!;
  const body = `${pkt(`want ${head} ${CAPS}\n`)}0000${pkt("done\n")}`;
  const counts = { clones: 0, megabytes: 0, statuses: {} as Record<string, number> };
  const cpuBefore = cpuSeconds(site.pid);
  const report = await underAttack(site, {
    name: "git upload-pack: eight whole clones at a time",
    seconds: 10,
    attack: async (signal) => {
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (!signal.aborted) {
            counts.clones++;
            try {
              const response = await fetch(`${site.url}/git/content.git/git-upload-pack`, {
                method: "POST",
                headers: { "Content-Type": "application/x-git-upload-pack-request" },
                body,
                signal,
              });
              counts.statuses[response.status] = (counts.statuses[response.status] ?? 0) + 1;
              // Read as a client does, counting what arrives (a clone cut short by the end counts too).
              for await (const chunk of response.body ?? []) counts.megabytes += chunk.length / 1024 / 1024;
            } catch {
              counts.statuses.failed = (counts.statuses.failed ?? 0) + 1;
            }
          }
        }),
      );
      return counts;
    },
  });
  console.log(
    `clones: ${counts.clones} asked, ${JSON.stringify(counts.statuses)}, ${Math.round(counts.megabytes)} MB sent; ` +
      `the server used ${(cpuSeconds(site.pid) - cpuBefore).toFixed(1)} s of CPU`,
  );
  // At least a whole clone's worth sent (each is about 24 MB): the attack did make the server work.
  expect(counts.megabytes).toBeGreaterThan(24);
  // Before: each pack made whole in memory, none sent within the ten seconds, +219 MB. Streamed: +81 to +137 MB
  // on a loaded 2-core machine (how much the eight readers have taken when the sample is made varies with the load).
  expect(report.growthMb).toBeLessThan(160);
  expect(report.pageFailures).toBe(0);
  expect(report.pageP95Ms).toBeLessThan(2000);
}, 180_000);
