/**
 * Mixed load on the production build, on a seeded temporary site: concurrent clients for a while, each request
 * drawn from a mix of 80% page views (every page in the sitemap, Persian and English; anonymous, so mostly from
 * the document cache), 10% searches (Persian and English words), 5% anonymous comments (signed Nostr events,
 * each from a new device key and a new visitor address) and 5% signed-in work: a member reading a page (the
 * document, which is every reader's, then their own call as the page makes it), the session, a profile save.
 *
 * Reports requests, errors (any 5xx or network failure; listed by status), 429s apart (rate limits doing their
 * job, not failures), p50/p90/p99 latency per class and overall, the server's memory (RSS) before, after and at
 * its peak, and the CPU time the server (all its threads, from /proc) and this process spent, in all and per
 * request: on a shared machine the wall-clock figures follow the load average, the CPU per request much less.
 * Exits 1 when there were errors.
 *
 * This process must measure the server, not itself: the two share the machine's cores. The comments are signed
 * before the clock starts, and the requests go out through Node's HTTP client on kept-alive connections (fetch
 * cost this process 0.8 ms of CPU per page, more than the server spent answering it); the signed-in calls keep
 * the test client, for its cookie jar.
 *
 *   npx tsx bench/load.ts [--seconds 60] [--clients 100]
 *   npx tsx bench/load.ts --soak 600 [--clients 20]   samples RSS every 30 s and fails if memory keeps growing
 *   npx tsx bench/load.ts --only search --seconds 10   one class alone: its CPU per request
 *   npx tsx bench/load.ts --cpu-prof /tmp/prof         the server writes V8 CPU profiles there when it stops; the
 *                                                      measured stretch is printed (µs, the profile's clock)
 *
 * The site runs with TRUST_PROXY=loopback and every comment carries its own X-Forwarded-For, as many visitors
 * behind one proxy would: otherwise the per-address comment limit (30 per 10 minutes) would turn almost every
 * comment of the run into a 429 from the one loopback address.
 */
import { readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { parseArgs } from "node:util";
import { finalizeEvent, generateSecretKey } from "nostr-tools/pure";
import { commentEventTemplate } from "../app/keys/comment-event";
import { ApiClient } from "../tests/helpers/api-client";
import { cpuMs } from "./measure";
import { startSeededSite } from "./site";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: process.env.LOAD_SECONDS ?? "60" },
    clients: { type: "string" },
    soak: { type: "string", default: process.env.LOAD_SOAK },
    only: { type: "string" },
    "cpu-prof": { type: "string" },
  },
});
const soak = values.soak !== undefined;
const seconds = Number(soak ? values.soak || 600 : values.seconds);
const clients = Number(values.clients ?? (soak ? 20 : 100));
const soakSampleMs = 30_000;
/** Memory growth tolerated after warm-up, in MB per minute (linear fit over the last two thirds of samples). */
const soakBudget = 1;

type Kind = "page" | "search" | "comment" | "signedIn";
const kinds: Kind[] = ["page", "search", "comment", "signedIn"];
if (values.only !== undefined && !kinds.includes(values.only as Kind)) {
  throw new Error(`--only takes one of ${kinds.join(", ")}`);
}
const latencies: Record<Kind, number[]> = { page: [], search: [], comment: [], signedIn: [] };
const statuses = new Map<string, number>();
let limited = 0;
let errors = 0;

const rssOf = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) / 1024;
};

const site = await startSeededSite({
  TRUST_PROXY: "loopback",
  ...(values["cpu-prof"]
    ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${values["cpu-prof"]} ${process.env.EXTRA_NODE_OPTIONS ?? ""}` }
    : {}),
});
let exitCode = 0;
try {
  const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  if (pages.length === 0) throw new Error("the sitemap lists no pages");
  const commentable = ["/notes/learning-slowly", "/en/notes/learning-slowly"];
  const searches = ["git", "bisect", "react", "notes", "یادداشت", "کتاب", "گیت", "آهسته"];

  // Signed-in people: the seeded accounts, each in its own browser.
  const members = await Promise.all(
    ["admin", "editor", "moderator", "member"].map(async (name) => {
      const client = new ApiClient(site.url, name === "member" ? "fa" : "en");
      await client.login(name);
      return client;
    }),
  );

  let visitor = 0;
  const nextAddress = () => {
    visitor++;
    return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
  };
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

  // A comment is a Nostr event signed by a new visitor key. Signing costs this process a millisecond or two of
  // CPU, which the 100 clients share with their own waiting: made before the clock starts, so the latencies are
  // the server's, not this process's.
  let signed = 0;
  const signedComment = () => {
    const routePath = pick(commentable);
    const body = `A comment under load, number ${++signed}.`;
    return {
      routePath,
      body,
      event: finalizeEvent(commentEventTemplate(site.url + routePath, body), generateSecretKey()),
    };
  };
  const signedComments = Array.from({ length: Math.min(Math.ceil(seconds * 60), 6000) }, signedComment);

  // Node's HTTP client on kept-alive connections, one per client at most (see the header: not fetch). A
  // connection left idle (its client busy with a signed-in call) is closed after 4 s, before the server's
  // keep-alive timeout (5 s) could close it under a request sent on it.
  const agent = new Agent({ keepAlive: true, maxSockets: clients, timeout: 4000 });
  const { hostname, port } = new URL(site.url);
  const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<number>((resolve, reject) => {
      const sent = request(
        {
          host: hostname,
          port,
          method,
          path,
          agent,
          headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
        },
        (response) => {
          response.on("end", () => resolve(response.statusCode!)).on("error", reject);
          response.resume();
        },
      );
      sent.on("error", reject);
      sent.end(body);
    });

  async function one(kind: Kind): Promise<number> {
    switch (kind) {
      case "page":
        return send("GET", pick(pages), { "accept-encoding": "gzip" });
      case "search": {
        const q = pick(searches);
        const locale = /[a-z]/.test(q) ? "en" : "fa";
        return send("GET", `/api/search?q=${encodeURIComponent(q)}&locale=${locale}`, {
          "accept-encoding": "gzip, deflate",
        });
      }
      case "comment": {
        const { routePath, body, event } = signedComments.pop() ?? signedComment();
        return send(
          "POST",
          "/api/comments/new",
          {
            "content-type": "application/json",
            origin: site.url,
            "x-forwarded-for": nextAddress(),
            "x-display-name": "Load Tester",
          },
          JSON.stringify({ routePath, commentBody: body, event }),
        );
      }
      case "signedIn": {
        const client = pick(members);
        const r = Math.random();
        if (r < 1 / 3) {
          const status = await send("GET", pick(pages), { "accept-encoding": "gzip", cookie: client.cookieHeader });
          if (status !== 200) return status;
          return (await client.get("/api/auth/reader")).status;
        }
        const answer =
          r < 2 / 3
            ? await client.get("/api/_auth/session")
            : await client.put("/api/users/update-profile", {
                firstName: "Load",
                lastName: "Tester",
                about: `Saved under load at ${Date.now()}`,
              });
        return answer.status;
      }
    }
  }

  const draw = (): Kind => {
    if (values.only) return values.only as Kind;
    const r = Math.random();
    return r < 0.8 ? "page" : r < 0.9 ? "search" : r < 0.95 ? "comment" : "signedIn";
  };

  // Warm the caches the way a running site has them, then measure. The first request may reuse a connection
  // the server closed while the comments were signed (its keep-alive timeout): such a request is asked again.
  for (const path of pages) {
    const response = await fetch(site.url + path).catch(() => fetch(site.url + path));
    await response.arrayBuffer();
  }
  const rssBefore = rssOf(site.pid);
  let rssPeak = rssBefore;
  const samples: { minute: number; rss: number }[] = [];
  const started = Date.now();
  const serverCpuBefore = cpuMs(site.pid);
  const windowFrom = process.hrtime.bigint() / 1000n;
  const ownCpuBefore = process.cpuUsage();
  const peakTimer = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(site.pid))), 1000);
  const soakTimer = soak
    ? setInterval(() => {
        const rss = rssOf(site.pid);
        samples.push({ minute: (Date.now() - started) / 60_000, rss });
        console.log(`  ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s  RSS ${rss.toFixed(1)} MB`);
      }, soakSampleMs)
    : undefined;
  const deadline = started + seconds * 1000;

  async function worker() {
    while (Date.now() < deadline) {
      const kind = draw();
      const t0 = performance.now();
      let status: number | string;
      try {
        status = await one(kind);
      } catch (error) {
        status = `network: ${(error as Error).message}`;
      }
      latencies[kind].push(performance.now() - t0);
      const key = `${kind} ${status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (status === 429) limited++;
      else if (typeof status === "string" || status >= 500) errors++;
    }
  }
  console.log(
    `${clients} clients for ${seconds} s over ${pages.length} pages${soak ? " (soak: RSS every 30 s)" : ""}…`,
  );
  await Promise.all(Array.from({ length: clients }, worker));
  agent.destroy();
  clearInterval(peakTimer);
  clearInterval(soakTimer);
  const elapsed = (Date.now() - started) / 1000;
  const rssAfter = rssOf(site.pid);
  const serverCpu = cpuMs(site.pid) - serverCpuBefore;
  // The measured stretch on the monotonic clock the profile's timestamps use, to leave out start and stop.
  if (values["cpu-prof"]) console.log(`profile window (µs): FROM=${windowFrom} TO=${process.hrtime.bigint() / 1000n}`);
  const ownUsage = process.cpuUsage(ownCpuBefore);
  const ownCpu = (ownUsage.user + ownUsage.system) / 1000;

  const percentile = (sorted: number[], p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
  const row = (label: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const [p50, p90, p99] = [50, 90, 99].map((p) => percentile(sorted, p).toFixed(1).padStart(8));
    return `${label.padEnd(10)} ${String(values.length).padStart(8)} ${p50} ${p90} ${p99}`;
  };
  const all = kinds.flatMap((kind) => latencies[kind]);
  console.log(`\n${all.length} requests in ${elapsed.toFixed(1)} s (${(all.length / elapsed).toFixed(0)} req/s)`);
  console.log(
    `${"class".padEnd(10)} ${"requests".padStart(8)} ${"p50 ms".padStart(8)} ${"p90 ms".padStart(8)} ${"p99 ms".padStart(8)}`,
  );
  for (const kind of kinds) console.log(row(kind, latencies[kind]));
  console.log(row("overall", all));
  console.log("\nanswers by class and status:");
  for (const [key, count] of [...statuses].sort()) console.log(`  ${key.padEnd(40)} ${count}`);
  console.log(`\nerrors (5xx or network): ${errors}; rate-limited (429): ${limited}`);
  console.log(
    `server RSS: before ${rssBefore.toFixed(1)} MB, after ${rssAfter.toFixed(1)} MB, peak ${rssPeak.toFixed(1)} MB`,
  );
  const perRequest = (ms: number) => `${((ms / all.length) * 1000).toFixed(0)} µs per request`;
  console.log(
    `CPU: server ${(serverCpu / 1000).toFixed(1)} s (${((serverCpu / elapsed / 1000) * 100).toFixed(0)}% of a core, ${perRequest(serverCpu)}); ` +
      `load generator ${(ownCpu / 1000).toFixed(1)} s (${((ownCpu / elapsed / 1000) * 100).toFixed(0)}%, ${perRequest(ownCpu)})`,
  );
  if (errors > 0) exitCode = 1;

  if (soak) {
    const tail = samples.slice(Math.floor(samples.length / 3));
    if (tail.length < 3) {
      console.log("soak: too few samples to judge memory growth (run at least 3 minutes)");
    } else {
      const mx = tail.reduce((s, p) => s + p.minute, 0) / tail.length;
      const my = tail.reduce((s, p) => s + p.rss, 0) / tail.length;
      const slope =
        tail.reduce((s, p) => s + (p.minute - mx) * (p.rss - my), 0) /
        tail.reduce((s, p) => s + (p.minute - mx) ** 2, 0);
      const grows = slope >= soakBudget;
      console.log(
        `soak: RSS slope over the last ${tail.length} samples ${slope.toFixed(2)} MB/min (budget < ${soakBudget}) ${grows ? "FAIL: memory grows" : "PASS"}`,
      );
      if (grows) exitCode = 1;
    }
  }
} finally {
  await site.stop();
  // The seeded folder is this run's (bench/site.ts leaves it to the caller).
  rmSync(site.dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
