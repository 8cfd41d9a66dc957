/**
 * Throughput of three ways to run Daftar, measured one after another in one run on this machine:
 *   1. one instance on the embedded database file;
 *   2. one instance on a libSQL server (sqld on loopback);
 *   3. two instances on that server, requests split evenly between them (as a load balancer would).
 * For each: cached page views per second (wrk, 32 connections per instance, on a post served from the document
 * cache) and comment posts per second (signed anonymous comments from 32 concurrent clients, each comment from its
 * own forwarded address and key, so no rate limit applies). Reported, no budget: on a two-core machine the
 * instances, sqld and the load generators share the same cores.
 * Run: npx tsx bench/cluster.ts [seconds per measurement, default 10]
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { finalizeEvent, generateSecretKey, type Event } from "nostr-tools/pure";
import { commentEventTemplate } from "../app/keys/comment-event";
import { buildIfStale } from "../scripts/build-if-stale";
import { startSqld } from "../scripts/sqld";
import { seedDatabaseAt } from "../tests/helpers/seed";
import { startSite, type SiteProcess } from "../tests/helpers/site-process";
import { benchPosts, startSeededSite } from "./site";

const seconds = Number(process.argv[2] ?? 10);
const clients = 32;
const commentable = "/en/notes/learning-slowly";

if (spawnSync("wrk", ["--version"]).error) {
  console.error("wrk is needed: sudo apt-get install -y wrk");
  process.exit(2);
}

/** Requests per second of wrk against `url`, run as a child process so several can run at once. */
function wrk(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", ["-t1", `-c${clients}`, `-d${seconds}s`, url], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", () => {
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      if (!Number.isFinite(rps) || /Non-2xx or 3xx responses/.test(out)) reject(new Error(`wrk failed:\n${out}`));
      else resolve(rps);
    });
  });
}

async function pageViews(sites: SiteProcess[]): Promise<number> {
  for (const site of sites) {
    await (await fetch(site.url + benchPosts[1])).text();
    const cached = await fetch(site.url + benchPosts[1]);
    await cached.text();
    if (cached.headers.get("x-document-cache") !== "hit") throw new Error("the post was not served from the cache");
  }
  const rates = await Promise.all(sites.map((site) => wrk(site.url + benchPosts[1])));
  return rates.reduce((sum, rate) => sum + rate, 0);
}

let visitor = 0;
const nextAddress = () => {
  visitor++;
  return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
};

async function commentPosts(sites: SiteProcess[]): Promise<number> {
  // Signing is the clients' work, not the server's: events are made before the clock starts. Each names the
  // instance it goes to, since a comment is signed for the page's address as its site serves it.
  const perSite = Math.ceil((seconds * 400) / sites.length);
  const events = sites.map((site) =>
    Array.from({ length: perSite }, (_, i): { body: string; event: Event } => {
      const body = `A comment for the cluster benchmark, number ${i}.`;
      return { body, event: finalizeEvent(commentEventTemplate(site.url + commentable, body), generateSecretKey()) };
    }),
  );
  let posted = 0;
  const failures = new Map<string, number>();
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const index = client % sites.length;
      const site = sites[index]!;
      const queue = events[index]!;
      while (Date.now() < deadline && queue.length) {
        const { body, event } = queue.pop()!;
        const response = await fetch(`${site.url}/api/comments/new`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: site.url,
            "x-forwarded-for": nextAddress(),
            "x-display-name": "Bench Visitor",
          },
          body: JSON.stringify({ routePath: commentable, commentBody: body, event }),
        });
        const text = await response.text();
        if (response.status === 201) posted++;
        else {
          const key = `${response.status} ${text.slice(0, 120)}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  if (failures.size) {
    for (const site of sites) console.error(site.output().slice(-4000));
    throw new Error(`comment posts failed: ${JSON.stringify([...failures])}`);
  }
  return posted / seconds;
}

async function measure(label: string, sites: SiteProcess[]) {
  const views = await pageViews(sites);
  const comments = await commentPosts(sites);
  console.log(
    `${label.padEnd(34)} cached page views ${views.toFixed(0).padStart(6)}/s   comment posts ${comments
      .toFixed(0)
      .padStart(5)}/s`,
  );
}

buildIfStale();
console.log(`${seconds} s per measurement; ${clients} connections per instance for pages, ${clients} comment clients`);
const env = { TRUST_PROXY: "loopback" };

const onFile = await startSeededSite(env);
try {
  await measure("one instance, database file", [onFile]);
} finally {
  await onFile.stop();
}

const sqld = await startSqld({ dbPath: path.join(mkdtempSync(path.join(tmpdir(), "daftar-bench-sqld-")), "db") });
const sites: SiteProcess[] = [];
try {
  await seedDatabaseAt(sqld.url);
  sites.push(await startSite({ ...env, DATABASE_URL: sqld.url }));
  await measure("one instance, libSQL server", sites);
  sites.push(await startSite({ ...env, DATABASE_URL: sqld.url }));
  await measure("two instances, libSQL server", sites);
} catch (error) {
  console.error(`sqld said:\n${sqld.output().slice(-5000)}`);
  throw error;
} finally {
  await Promise.all(sites.map((site) => site.stop()));
  await sqld.stop();
}
