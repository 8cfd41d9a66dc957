/**
 * "Import from repository": pages changed on the remote outside the site come in as commits in the open build,
 * to be reviewed (and taken out or edited) before they are published. A file that is not a valid page, or a page
 * the open build already changes, is left out and named. Afterwards the remote's head is what the site knows of
 * it, so the next push rebases onto the imported changes instead of calling them conflicts.
 */
import type { CurrentUser } from "~/auth/current-user.server";
import { ContentParseError, parseContentFile } from "~/content/front-matter";
import { markdownLimitProblem } from "~/content/markdown/limits";
import type { Database } from "~/db/client.server";
import { commits, pages } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { serverT } from "~/i18n/catalogs.server";
import type { Locale } from "~/i18n/locales";
import { ServiceError } from "~/lib/service-error";
import { takeOpenBuild } from "./builds.server";
import { pageKeyOf, pageOfFile } from "./files";
import { blobId } from "./git/objects.server";
import { PushFailure } from "./git/remote.server";
import { knownRemoteCommit, readHostSettings, rememberRemoteCommit } from "./host-settings.server";
import { remoteFor } from "./pushes.server";
import { commitsOf, pendingKeys, publishedFileOf } from "./versions.server";
import type { RemoteHost } from "./git/remote.server";
import type { HostSettings } from "./host-settings.server";

export interface ImportReport {
  imported: number;
  /** Left out: not a valid page, a page the open build already changes, another file's page, or a text past what
   * the site renders (app/content/markdown/limits.ts). */
  skipped: { path: string; reason: "invalid" | "pending" | "exists" | "tooComplex" }[];
}

export async function importFromRemote(
  db: Database,
  user: Pick<CurrentUser, "id">,
  locale: Locale,
  remote: (host: HostSettings) => RemoteHost = remoteFor,
): Promise<ImportReport> {
  const host = await readHostSettings(db);
  if (host.kind === "local") throw new ServiceError(400, "builds.import.needsRemote");
  const known = await knownRemoteCommit(db, host);
  let snapshot;
  try {
    snapshot = await remote(host).snapshot(known);
  } catch (error) {
    if (error instanceof PushFailure) {
      // The kind of failure only: what the host answered is in the log.
      console.warn(`Importing from the git host failed: ${error.kind}: ${error.detail}`);
      throw new ServiceError(502, "builds.importFailed", { reason: error.kind });
    }
    throw error;
  }
  const published = new Map(
    (await db.select().from(pages).all()).map((row) => {
      const { file, text } = publishedFileOf(row);
      return [file, { text, key: pageKeyOf(row) }];
    }),
  );
  const publishedKeys = new Map([...published].map(([file, page]) => [page.key, file]));
  const skipped: ImportReport["skipped"] = [];
  const changes: { path: string; content: string | null }[] = [];
  for (const [file, remoteFile] of snapshot.files) {
    if (!file.endsWith(".md")) continue;
    const address = pageOfFile(file);
    const site = published.get(file);
    if (site && blobId(site.text) === remoteFile.blob) continue;
    if (!address) {
      skipped.push({ path: file, reason: "invalid" });
      continue;
    }
    const other = publishedKeys.get(pageKeyOf(address));
    if (other && other !== file) {
      skipped.push({ path: file, reason: "exists" });
      continue;
    }
    const text = await remoteFile.read();
    let body: string;
    try {
      body = parseContentFile(text).body;
    } catch (error) {
      if (!(error instanceof ContentParseError)) throw error;
      skipped.push({ path: file, reason: "invalid" });
      continue;
    }
    if (markdownLimitProblem(body)) {
      skipped.push({ path: file, reason: "tooComplex" });
      continue;
    }
    changes.push({ path: file, content: text });
  }
  // Deleted on the remote: in what the site last knew of it, gone now, still on the site.
  for (const file of snapshot.knownFiles?.keys() ?? []) {
    if (!snapshot.files.has(file) && published.has(file)) changes.push({ path: file, content: null });
  }

  const t = serverT(locale);
  const imported = await writeTransaction(db, async (tx) => {
    const build = await takeOpenBuild(tx, user.id);
    const pending = await commitsOf(tx, build.id);
    const busy = pendingKeys(pending);
    let count = 0;
    for (const change of changes) {
      const address = pageOfFile(change.path)!;
      if (busy.has(pageKeyOf(address)) || pending.some((c) => c.path === change.path)) {
        skipped.push({ path: change.path, reason: "pending" });
        continue;
      }
      const now = new Date();
      await tx.insert(commits).values({
        buildId: build.id,
        authorId: user.id,
        message: t("builds.import.message", { path: change.path }),
        path: change.path,
        content: change.content,
        createdAt: now,
        updatedAt: now,
      });
      count++;
    }
    return count;
  });
  if (snapshot.head) await rememberRemoteCommit(db, host, snapshot.head);
  return { imported, skipped };
}
