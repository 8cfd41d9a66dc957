/**
 * Git's smart HTTP protocol, the read-only half (upload-pack, protocol version 0 as every git client speaks it
 * when the server offers nothing newer): `git clone`, `git fetch` and `git pull` work against a served history;
 * pushing is refused. Two requests:
 *
 *   GET  …/info/refs?service=git-upload-pack   the branch and HEAD, with the capabilities served
 *   POST …/git-upload-pack                      wants and haves in, acknowledgements and a pack out
 *
 * Over HTTP every POST is one negotiation round and the server keeps nothing between them (git's "stateless
 * RPC"), so what one request may say is bounded here: a few wants, one round of at most 4 096 haves, nothing
 * after it. A request outside those bounds, or one naming what is not served, gets an `ERR` pkt-line, which git
 * shows as "remote error: …". Negotiation is multi_ack_detailed (git's own), so a fetch finds the commit it has
 * in common and gets only what it lacks. The served history is linear (one
 * commit per published build), which makes "what the client has" the history up to its newest common commit.
 *
 * Shallow clones and fetches are served (`--depth`, `--deepen`, `--unshallow`): a request may name the client's
 * shallow commits (at most MAX_SHALLOWS) and ask for a depth, counted from what it wants or, with
 * deepen-relative, from its shallow commits. Every answer to such a request starts with the shallow and unshallow
 * lines git expects, and a request that ends right after its wants (git's first round of a shallow fetch) gets
 * those lines only. In a linear history the client then holds one run of commits, from its oldest shallow commit
 * to its newest common one.
 *
 * The pack is written as it is sent (pack-stream.server.ts): one object at a time, never the whole pack.
 */
import { gitFs as fs } from "./git-fs.server";
import git from "isomorphic-git";
import type { MessageKey, Vars } from "~/i18n/translate";
import type { Repo } from "./objects.server";
import { memoiseLoads } from "~/lib/memoise-load";

/** A served history: its commits oldest first (the last is the branch's head), and where each one stands. */
export interface ServedHistory {
  commits: readonly string[];
  index: ReadonlyMap<string, number>;
}

export function servedHistoryOf(commits: readonly string[]): ServedHistory {
  return { commits, index: new Map(commits.map((oid, i) => [oid, i])) };
}

/** Want lines one request may hold: the repository serves one branch, so a git client sends one. */
export const MAX_WANTS = 256;
/**
 * Have lines one request may hold. git doubles its rounds from 16, so a client reaches this only after more than
 * 8 000 commits of its own without one in common (a repository of unrelated history): it is told to clone afresh.
 * The bound keeps the largest request a client may send at about 200 KB (the route's body limit is 256 KB).
 */
export const MAX_HAVES = 4_096;
/** Shallow lines one request may hold: a shallow clone of a linear history has one shallow commit. */
export const MAX_SHALLOWS = 256;
/** git's own "infinite" depth (`--unshallow`): any depth from here on means the whole history. */
const INFINITE_DEPTH = 0x7fffffff;

const CAPABILITIES = [
  "multi_ack_detailed",
  "side-band-64k",
  "ofs-delta",
  "shallow",
  "deepen-relative",
  "no-progress",
  "agent=daftar",
];

/** One pkt-line: four hex digits of length (itself included), then the data. */
export function pktLine(data: string | Uint8Array): Buffer {
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : Buffer.from(data);
  return Buffer.concat([Buffer.from((bytes.length + 4).toString(16).padStart(4, "0"), "ascii"), bytes]);
}

export const FLUSH = Buffer.from("0000", "ascii");

/** The answer to GET info/refs?service=git-upload-pack. */
export function advertiseRefs(head: string | null, branch: string): Buffer {
  const parts = [pktLine("# service=git-upload-pack\n"), FLUSH];
  const caps = [...CAPABILITIES, `symref=HEAD:refs/heads/${branch}`].join(" ");
  if (head) {
    parts.push(pktLine(`${head} HEAD\0${caps}\n`), pktLine(`${head} refs/heads/${branch}\n`));
  } else {
    parts.push(pktLine(`${"0".repeat(40)} capabilities^{}\0${caps}\n`));
  }
  parts.push(FLUSH);
  return Buffer.concat(parts);
}

export interface UploadRequest {
  wants: string[];
  capabilities: Set<string>;
  /** The round's haves, in the order the client sent them. */
  haves: string[];
  /** The client said "done": it wants the pack now. */
  done: boolean;
  /** The client's shallow commits, as it names them. */
  shallows: string[];
  /** The depth asked for ("deepen <n>"), or null. */
  depth: number | null;
  /** The request goes on after its wants (a round of haves, or "done"); git's first shallow round does not. */
  negotiates: boolean;
}

/**
 * A request git's protocol does not allow, or this server does not serve: answered with an ERR pkt-line, its
 * message from the catalog in the client's language.
 */
export class ProtocolError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly vars?: Vars,
  ) {
    super(key);
    this.name = "ProtocolError";
  }
}

/** The answer that carries `message` to a git client, which shows it as "remote error: …". */
export function errorAnswer(message: string): Buffer {
  return pktLine(`ERR ${message.replace(/\s+/g, " ")}\n`);
}

/**
 * Reads the pkt-lines of an upload-pack request body: wants (capabilities on the first), a flush, then one round
 * of haves ended by a flush or by "done". Throws ProtocolError as soon as the body says more than that; reading
 * stops there.
 */
export function parseUploadRequest(data: Buffer): UploadRequest {
  // One string for the whole body (every line of the protocol is ASCII): far cheaper than a Buffer per line.
  const body = data.toString("latin1");
  const request: UploadRequest = {
    wants: [],
    capabilities: new Set(),
    haves: [],
    done: false,
    shallows: [],
    depth: null,
    negotiates: false,
  };
  let section: "wants" | "haves" | "ended" = "wants";
  let at = 0;
  while (at < body.length) {
    // The common line first, read in place: "0032have <object id>\n". The id is looked up, not checked: one the
    // history does not hold (well formed or not) is simply not in common.
    if (section === "haves" && body.startsWith("0032have ", at) && body[at + 49] === "\n") {
      request.negotiates = true;
      if (request.haves.length === MAX_HAVES) {
        throw new ProtocolError("builds.git.error.tooManyHaves", { max: MAX_HAVES });
      }
      request.haves.push(body.slice(at + 9, at + 49));
      at += 50;
      continue;
    }
    const length = body.slice(at, at + 4);
    const size = HEX4.test(length) ? Number.parseInt(length, 16) : -1;
    if (size < 0 || (size !== 0 && size < 4) || at + Math.max(size, 4) > body.length) {
      throw new ProtocolError("builds.git.error.malformed");
    }
    if (size === 0) {
      at += 4;
      if (section === "haves") request.negotiates = true;
      if (section === "wants") section = "haves";
      else if (section === "haves") section = "ended";
      else throw new ProtocolError("builds.git.error.oneRound");
      continue;
    }
    if (section === "ended") throw new ProtocolError("builds.git.error.oneRound");
    const line = body.slice(at + 4, body[at + size - 1] === "\n" ? at + size - 1 : at + size);
    at += size;
    const space = line.indexOf(" ");
    const verb = space < 0 ? line : line.slice(0, space);
    if (section === "haves") request.negotiates = true;
    if (verb === "have" && section === "haves") {
      const oid = line.slice(5);
      if (oid.length !== 40) throw new ProtocolError("builds.git.error.malformed");
      if (request.haves.length === MAX_HAVES) {
        throw new ProtocolError("builds.git.error.tooManyHaves", { max: MAX_HAVES });
      }
      request.haves.push(oid);
    } else if (verb === "want" && section === "wants") {
      const [oid, ...capabilities] = line.slice(5).split(" ");
      if (!OID.test(oid ?? "")) throw new ProtocolError("builds.git.error.malformed");
      if (request.wants.length === MAX_WANTS)
        throw new ProtocolError("builds.git.error.tooManyWants", { max: MAX_WANTS });
      if (request.wants.length === 0) for (const capability of capabilities) request.capabilities.add(capability);
      request.wants.push(oid!);
    } else if (verb === "shallow" && section === "wants" && request.wants.length) {
      const oid = line.slice(8);
      if (!OID.test(oid)) throw new ProtocolError("builds.git.error.malformed");
      if (request.shallows.length === MAX_SHALLOWS) {
        throw new ProtocolError("builds.git.error.tooManyShallows", { max: MAX_SHALLOWS });
      }
      request.shallows.push(oid);
    } else if (verb === "deepen" && section === "wants" && request.wants.length && request.depth === null) {
      const depth = line.slice(7);
      if (!/^[1-9][0-9]{0,9}$/.test(depth)) throw new ProtocolError("builds.git.error.malformed");
      request.depth = Math.min(Number(depth), INFINITE_DEPTH);
    } else if (verb === "done" && section === "haves") {
      request.done = true;
      // Nothing after "done" is read.
      break;
    } else if (["deepen-since", "deepen-not", "filter"].includes(verb)) {
      throw new ProtocolError("builds.git.error.partial");
    } else {
      throw new ProtocolError("builds.git.error.malformed");
    }
  }
  if (request.wants.length && section === "wants") throw new ProtocolError("builds.git.error.malformed");
  return request;
}

const HEX4 = /^[0-9a-f]{4}$/i;
const OID = /^[0-9a-f]{40}$/;

/** Where the client stands: the newest commit of the history it has, and the newest it wants. */
export interface Negotiated {
  /** The shallow lines (when a depth was asked for), then acknowledgements and NAKs, as pkt-lines. */
  lines: Buffer;
  /** Index in the history of the newest common commit, or -1 (a clone). */
  commonAt: number;
  /** Index of the newest commit wanted. */
  wantAt: number;
  /** Index of the oldest commit the client is to have: what is older is neither sent nor asked for. */
  sendFrom: number;
  /** Index of the oldest commit the client holds (its oldest shallow commit), when it has history in common. */
  heldFrom: number;
}

/**
 * The shallow part of an answer, as git's upload-pack gives it: with a depth, the commit where the client's
 * history is to stop ("shallow", unless the client has it so already) and the client's shallow commits that now
 * have their parents sent ("unshallow"), then a flush. Gives where the history sent starts.
 */
function shallowInfo(history: ServedHistory, request: UploadRequest, wantAt: number) {
  const shallowAt = request.shallows
    .map((oid) => history.index.get(oid))
    .filter((at): at is number => at !== undefined);
  const oldestShallow = shallowAt.length ? Math.min(...shallowAt) : -1;
  if (request.depth === null) return { lines: [] as Buffer[], sendFrom: Math.max(oldestShallow, 0), oldestShallow };
  const relative = request.capabilities.has("deepen-relative") && oldestShallow >= 0;
  const from = relative ? oldestShallow - request.depth : wantAt - request.depth + 1;
  const sendFrom = request.depth >= INFINITE_DEPTH ? 0 : Math.max(from, 0);
  const lines: Buffer[] = [];
  // The first commit has no parent to leave out: it is never shallow.
  if (sendFrom > 0 && !shallowAt.includes(sendFrom)) lines.push(pktLine(`shallow ${history.commits[sendFrom]}\n`));
  for (const at of new Set(shallowAt)) {
    if (at > sendFrom && at <= wantAt) lines.push(pktLine(`unshallow ${history.commits[at]}\n`));
  }
  lines.push(FLUSH);
  return { lines, sendFrom, oldestShallow };
}

/**
 * One round of negotiation, answered as git's upload-pack answers it: each have the history holds is common;
 * multi_ack_detailed acknowledges each ("common") and says "ready" once every want descends from one; the round
 * ends with NAK. Throws ProtocolError for a want the history does not serve.
 */
export function negotiate(history: ServedHistory, request: UploadRequest): Negotiated {
  const detailed = request.capabilities.has("multi_ack_detailed");
  let wantAt = -1;
  for (const want of request.wants) {
    const at = history.index.get(want);
    if (at === undefined) throw new ProtocolError("builds.git.error.notOurRef", { oid: want });
    wantAt = Math.max(wantAt, at);
  }
  const shallow = shallowInfo(history, request, wantAt);
  const out: Buffer[] = [...shallow.lines];
  let commonAt = -1;
  let firstCommonAt = Number.POSITIVE_INFINITY;
  let last: string | null = null;
  let commons = 0;
  let other = false;
  // Linear history: every want descends from a common commit once the oldest common one is no newer than them.
  const ready = () => commons > 0 && request.wants.every((want) => history.index.get(want)! >= firstCommonAt);
  for (const have of request.haves) {
    const at = history.index.get(have);
    if (at === undefined) {
      other = true;
      if (detailed && ready()) out.push(pktLine(`ACK ${have} ready\n`));
      continue;
    }
    commons++;
    last = have;
    commonAt = Math.max(commonAt, at);
    firstCommonAt = Math.min(firstCommonAt, at);
    if (detailed) out.push(pktLine(`ACK ${have} common\n`));
    else if (commons === 1) out.push(pktLine(`ACK ${have}\n`));
  }
  const place = { commonAt, wantAt, sendFrom: shallow.sendFrom, heldFrom: Math.max(shallow.oldestShallow, 0) };
  if (request.depth !== null && !request.negotiates) return { lines: Buffer.concat(out), ...place };
  if (!request.done) {
    if (detailed && commons > 0 && !other && ready()) out.push(pktLine(`ACK ${last} ready\n`));
    if (commons === 0 || detailed) out.push(pktLine("NAK\n"));
  } else if (commons > 0) {
    if (detailed) out.push(pktLine(`ACK ${last}\n`));
  } else out.push(pktLine("NAK\n"));
  return { lines: Buffer.concat(out), ...place };
}

/**
 * Adds to `seen` each of `commits` and every tree and file of theirs, entering no object in `stop` (a set closed
 * under reachability: a tree in it has all its trees and files in it too).
 */
async function collect(repo: Repo, commits: readonly string[], stop: ReadonlySet<string>, seen: Set<string>) {
  const trees: string[] = [];
  for (const oid of commits) {
    if (seen.has(oid)) continue;
    seen.add(oid);
    const { commit } = await git.readCommit({ fs, gitdir: repo.gitdir, oid, cache: repo.cache });
    trees.push(commit.tree);
  }
  while (trees.length) {
    const oid = trees.pop()!;
    if (seen.has(oid) || stop.has(oid)) continue;
    seen.add(oid);
    const { tree } = await git.readTree({ fs, gitdir: repo.gitdir, oid, cache: repo.cache });
    for (const entry of tree) {
      if (entry.type === "tree") trees.push(entry.oid);
      else if (entry.type === "blob" && !stop.has(entry.oid)) seen.add(entry.oid);
    }
  }
}

/**
 * Every object of a run of the history (its commits, with their whole trees), kept for the runs last cloned
 * (whole or shallow): a clone of one of them then needs no walk.
 */
const closures = memoiseLoads<string, string[]>(4);

function closureOf(repo: Repo, history: ServedHistory, from: number, at: number): Promise<string[]> {
  return closures.get(`${repo.gitdir}\0${history.commits[from]}\0${history.commits[at]}`, async () => {
    const seen = new Set<string>();
    await collect(repo, history.commits.slice(from, at + 1), new Set(), seen);
    return [...seen];
  });
}

/**
 * The objects a client lacks: every commit from the oldest it is to have to the newest it wants, less the run it
 * holds (its oldest shallow commit, or the first, to its newest common commit). Of the trees and files of the
 * commits sent, those already in the common commit's tree are left out (one older still may be sent again:
 * harmless, and no walk of the whole history for a fetch).
 */
export async function objectsToSend(repo: Repo, history: ServedHistory, at: Negotiated): Promise<string[]> {
  const held = (i: number) => at.commonAt >= 0 && i >= at.heldFrom && i <= at.commonAt;
  const commits: string[] = [];
  for (let i = at.sendFrom; i <= at.wantAt; i++) if (!held(i)) commits.push(history.commits[i]!);
  if (commits.length === 0) return [];
  if (at.commonAt < 0) return closureOf(repo, history, at.sendFrom, at.wantAt);
  const common = history.commits[at.commonAt]!;
  const { commit } = await git.readCommit({ fs, gitdir: repo.gitdir, oid: common, cache: repo.cache });
  const known = new Set<string>();
  await collectTree(repo, commit.tree, known);
  const seen = new Set<string>();
  await collect(repo, commits, known, seen);
  return [...seen];
}

/** Adds a tree and everything in it to `seen`. */
async function collectTree(repo: Repo, root: string, seen: Set<string>): Promise<void> {
  const trees = [root];
  while (trees.length) {
    const oid = trees.pop()!;
    if (seen.has(oid)) continue;
    seen.add(oid);
    const { tree } = await git.readTree({ fs, gitdir: repo.gitdir, oid, cache: repo.cache });
    for (const entry of tree) {
      if (entry.type === "tree") trees.push(entry.oid);
      else if (entry.type === "blob") seen.add(entry.oid);
    }
  }
}
