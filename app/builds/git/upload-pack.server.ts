/**
 * Git's smart HTTP protocol, the read-only half (upload-pack, protocol version 0 as every git client speaks it
 * when the server offers nothing newer): `git clone`, `git fetch` and `git pull` work against the site's
 * repository; pushing is refused. Two requests:
 *
 *   GET  …/info/refs?service=git-upload-pack   the branch and HEAD, with the capabilities served
 *   POST …/git-upload-pack                      wants and haves in, a pack of what the client lacks out
 *
 * Negotiation is the plain one (no multi_ack): the first "have" the repository holds is acknowledged, a round
 * without one gets "NAK", and once the client says "done" it gets a pack of every object reachable from what it
 * wants and not from what it has in common.
 */
import { gitFs as fs } from "./git-fs.server";
import { gunzipSync } from "node:zlib";
import git from "isomorphic-git";
import { hasObject, type Repo } from "./objects.server";

const CAPABILITIES = ["side-band-64k", "ofs-delta", "no-progress", "agent=daftar"];

/** One pkt-line: four hex digits of length (itself included), then the data. */
export function pktLine(data: string | Uint8Array): Buffer {
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : Buffer.from(data);
  return Buffer.concat([Buffer.from((bytes.length + 4).toString(16).padStart(4, "0"), "ascii"), bytes]);
}

const FLUSH = Buffer.from("0000", "ascii");

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

interface UploadRequest {
  wants: string[];
  capabilities: Set<string>;
  /** Each round of haves (a flush ends a round). */
  rounds: string[][];
  done: boolean;
}

export class ProtocolError extends Error {}

/** Reads the pkt-lines of an upload-pack request body (gzip-compressed when the client says so). */
export function parseUploadRequest(body: Buffer, encoding: string | null): UploadRequest {
  const data = encoding === "gzip" ? gunzipSync(body, { maxOutputLength: 16 * 1024 * 1024 }) : body;
  const request: UploadRequest = { wants: [], capabilities: new Set(), rounds: [], done: false };
  let round: string[] = [];
  let wantsDone = false;
  let at = 0;
  while (at < data.length) {
    const size = Number.parseInt(data.subarray(at, at + 4).toString("ascii"), 16);
    if (!Number.isInteger(size) || (size !== 0 && size < 4) || at + Math.max(size, 4) > data.length) {
      throw new ProtocolError("malformed pkt-line");
    }
    if (size === 0) {
      at += 4;
      if (!wantsDone) wantsDone = true;
      else {
        request.rounds.push(round);
        round = [];
      }
      continue;
    }
    const line = data
      .subarray(at + 4, at + size)
      .toString("utf8")
      .replace(/\n$/, "");
    at += size;
    const [verb, oid, ...rest] = line.split(" ");
    if (verb === "want" && !wantsDone) {
      if (!isOid(oid)) throw new ProtocolError("bad want");
      if (request.wants.length === 0) for (const cap of rest) request.capabilities.add(cap);
      request.wants.push(oid!);
    } else if (verb === "have") {
      if (!isOid(oid)) throw new ProtocolError("bad have");
      round.push(oid!);
    } else if (verb === "done") {
      request.done = true;
      break;
    } else if (verb === "shallow" || verb === "deepen" || verb === "deepen-since" || verb === "filter") {
      throw new ProtocolError(`${verb} is not supported`);
    } else {
      throw new ProtocolError(`unexpected line: ${verb}`);
    }
  }
  if (round.length) request.rounds.push(round);
  return request;
}

function isOid(value: string | undefined): value is string {
  return value !== undefined && /^[0-9a-f]{40}$/.test(value);
}

/** Every object reachable from `roots` (commits, their trees and blobs), stopping at `stop`. */
async function reachable(repo: Repo, roots: string[], stop: Set<string>): Promise<Set<string>> {
  const seen = new Set<string>();
  const commitQueue = [...roots];
  const trees: string[] = [];
  while (commitQueue.length) {
    const oid = commitQueue.pop()!;
    if (seen.has(oid) || stop.has(oid)) continue;
    seen.add(oid);
    const { commit } = await git.readCommit({ fs, gitdir: repo.gitdir, oid, cache: repo.cache });
    trees.push(commit.tree);
    commitQueue.push(...commit.parent);
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
  return seen;
}

/**
 * The answer to POST git-upload-pack: acknowledgements, and the pack once the client is done. `tips` are the
 * commits the repository advertises: a client may only want those.
 */
export async function uploadPack(repo: Repo, request: UploadRequest, tips: string[]): Promise<Buffer> {
  if (request.wants.length === 0) return Buffer.alloc(0);
  if (request.wants.some((want) => !tips.includes(want))) throw new ProtocolError("not our ref");
  const out: Buffer[] = [];
  const common: string[] = [];
  for (const round of request.rounds) {
    for (const have of round) {
      if (common.includes(have) || !(await isCommit(repo, have))) continue;
      common.push(have);
      if (common.length === 1) out.push(pktLine(`ACK ${have}\n`));
    }
    if (!request.done && common.length === 0) out.push(pktLine("NAK\n"));
  }
  if (!request.done) return Buffer.concat(out);
  if (common.length === 0) out.push(pktLine("NAK\n"));

  const known = common.length ? await reachable(repo, common, new Set()) : new Set<string>();
  const objects = [...(await reachable(repo, request.wants, known))];
  const { packfile } = await git.packObjects({ fs, gitdir: repo.gitdir, oids: objects, cache: repo.cache });
  const pack = Buffer.from(packfile!);
  if (request.capabilities.has("side-band-64k") || request.capabilities.has("side-band")) {
    const max = request.capabilities.has("side-band-64k") ? 65515 : 995;
    for (let at = 0; at < pack.length; at += max) {
      out.push(pktLine(Buffer.concat([Buffer.from([1]), pack.subarray(at, at + max)])));
    }
    out.push(FLUSH);
  } else {
    out.push(pack);
  }
  return Buffer.concat(out);
}

async function isCommit(repo: Repo, oid: string): Promise<boolean> {
  if (!(await hasObject(repo, oid))) return false;
  try {
    await git.readCommit({ fs, gitdir: repo.gitdir, oid, cache: repo.cache });
    return true;
  } catch {
    return false;
  }
}
