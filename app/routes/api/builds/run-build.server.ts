/**
 * What POST /api/builds/run does: publish an open build or ready a failed one's pushes again, then work through
 * its pushes while the caller waits (up to a limit: a slow host finishes in the background, from the outbox),
 * and say how it went.
 */
import type { CurrentUser } from "~/auth/current-user.server";
import { buildById } from "~/builds/builds.server";
import { publishBuild } from "~/builds/publish.server";
import { processPushes, pushesUnderWay, retryPushes, type PushErrorView } from "~/builds/pushes.server";
import type { Database } from "~/db/client.server";
import type { TFunction } from "~/i18n/translate";
import { ServiceError } from "~/lib/service-error";

/** How long the call waits for the pushes before answering that they go on in the background. */
const WAIT_MS = 20_000;
/** How often the call looks again at a build whose pushes another worker is doing. */
const SETTLE_POLL_MS = 200;

export interface RunResult {
  message: string;
  buildId: number;
  status: string;
  localCommit: string | null;
  remoteCommit: string | null;
}

export async function runBuild(db: Database, user: CurrentUser, buildId: number, t: TFunction): Promise<RunResult> {
  const build = await buildById(db, buildId);
  if (!build || build.kind === "baseline") throw new ServiceError(404, "builds.error.notFound");
  const publishing = build.status === "open";
  if (publishing) await publishBuild(db, user, buildId);
  else await retryPushes(db, buildId);

  const deadline = Date.now() + WAIT_MS;
  const work = processPushes(db, { buildId }).catch((error: unknown) => {
    console.error(`Pushing build ${buildId} failed:`, error);
  });
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, WAIT_MS).unref())]);
  // The outbox's timer (here or on another instance) may have claimed a push first: its outcome is waited for
  // the same way, so the answer says how publishing went, not which worker happened to take it.
  let after = (await buildById(db, buildId))!;
  while (after.status === "publishing" && Date.now() < deadline && (await pushesUnderWay(db, buildId))) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    after = (await buildById(db, buildId))!;
  }
  let message: string;
  if (after.status === "published") {
    message = publishing ? t("builds.committedAndPushed") : t("builds.pushed");
  } else if (after.status === "failed") {
    message = t("builds.publishedPushFailed", { reason: describePushError(after.error, t) });
  } else {
    message = t("builds.publishedPushPending");
  }
  return {
    message,
    buildId,
    status: after.status,
    localCommit: after.localCommit,
    remoteCommit: after.remoteCommit,
  };
}

/** A stored push error in the reader's language. */
export function describePushError(stored: string | null, t: TFunction): string {
  if (!stored) return "";
  try {
    const view = JSON.parse(stored) as PushErrorView;
    return t(`builds.${view.key}`, { files: view.files ?? "" });
  } catch {
    return stored;
  }
}
