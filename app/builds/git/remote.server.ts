/**
 * What pushing a build to a remote host means. A branch that is missing, or that holds the site's own history,
 * receives the site's history up to the build (the commits it lacks, the same ids as the site's repository): a
 * host connected to an empty repository ends up holding exactly the site's repository. (Through GitHub's API, a
 * new branch is made this way; a branch that exists gets each build as one commit on top of it, never forced,
 * since telling its history apart would take a request per commit walked.)
 * A branch the site knows (`known`: it pushed or imported there) that moved on its own gets one commit with the
 * build's files, authored by the publisher: the build is rebased onto it if the remote did not change any file
 * the build changes; otherwise the push is refused, naming the files. A branch holding a history the site did not
 * make, and never imported, is refused as unrelated: the owner imports its pages first or chooses a new branch.
 * Never forced. A push that already landed (the process stopped before it could record it) is recognised and not
 * made twice.
 */
import { outboundErrorOf } from "~/lib/outbound.server";
import { blobId, type TreeEdits } from "./objects.server";

export interface PushJob {
  /** "Build <name>": the first line of the message, how an earlier push of this build is recognised. */
  title: string;
  message: string;
  author: { name: string; email: string };
  /** Seconds since the epoch: the publishing time. */
  time: number;
  edits: TreeEdits;
  /** What each changed file held on the site before the build (null: it did not exist). */
  previous: Map<string, string | null>;
  /** The remote commit whose changes the site knows (the last pushed or imported), if any. */
  known: string | null;
  /** The site's repository and its commits up to this build's, oldest first. */
  site: { gitdir: string; commits: readonly string[] };
}

export interface PushOutcome {
  commit: string;
  /** The commit was there already (an earlier attempt landed), or the build changed nothing on the remote. */
  alreadyThere: boolean;
}

export type PushFailureKind =
  "conflict" | "unrelated" | "auth" | "notAllowed" | "notFound" | "unreachable" | "rejected" | "emptyGithub" | "other";

/**
 * Why a push failed; `permanent` failures wait for a person (a retry), the others are retried with backoff.
 * `detail` is for the server's log, except for a conflict, where it names the site's own files: what a host
 * answered never reaches a page.
 */
export class PushFailure extends Error {
  constructor(
    readonly kind: PushFailureKind,
    readonly detail: string,
    readonly permanent: boolean,
  ) {
    super(`${kind}: ${detail}`);
    this.name = "PushFailure";
  }
}

/** The push failure an outbound request's failure is (an address not allowed, a host out of reach …), if it was one. */
export function pushFailureOf(error: unknown): PushFailure | undefined {
  const outbound = outboundErrorOf(error);
  if (!outbound) return undefined;
  const detail = `${outbound.reason}: ${outbound.detail}`;
  switch (outbound.reason) {
    case "notAllowed":
    case "badUrl":
      return new PushFailure("notAllowed", detail, true);
    case "unreachable":
    case "timeout":
      return new PushFailure("unreachable", detail, false);
    default:
      return new PushFailure("other", detail, false);
  }
}

export interface RemoteFile {
  /** Git blob id. */
  blob: string;
  read(): Promise<string>;
}

export interface RemoteSnapshot {
  head: string | null;
  /** Files under content/ at the head. */
  files: Map<string, RemoteFile>;
  /** Files under content/ at `known`, when it can be read (to tell files deleted on the remote). */
  knownFiles: Map<string, string> | null;
}

export interface RemoteHost {
  push(job: PushJob): Promise<PushOutcome>;
  snapshot(known: string | null): Promise<RemoteSnapshot>;
}

/** How many times a push is made again when the branch moves between reading it and pushing. */
export const PUSH_ROUNDS = 3;

/** The changed paths whose remote file differs from what the site last knew (`before`, by path). */
export function conflictingPaths(
  edits: TreeEdits,
  before: (path: string) => string | null | undefined,
  now: (path: string) => string | null,
): string[] {
  return [...edits.keys()].filter((path) => {
    const was = before(path);
    return was !== undefined && was !== now(path);
  });
}

/**
 * Without the known commit to compare with: a changed path conflicts when the remote holds neither what the site
 * had before the build nor what the build writes.
 */
export function conflictsWithSite(job: PushJob, remoteBlob: (path: string) => string | null): string[] {
  return [...job.edits.keys()].filter((path) => {
    const remote = remoteBlob(path);
    const wanted = job.edits.get(path);
    if (remote === (wanted == null ? null : blobId(wanted))) return false;
    const previous = job.previous.get(path);
    if (previous === undefined) return false;
    return remote !== (previous === null ? null : blobId(previous));
  });
}
