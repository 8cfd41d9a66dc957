/**
 * Publishing's background work on each instance: the outbox worked through and scheduled pages made public (each
 * on the instance holding its lease), and this instance's copy of the site's repository (and the public history made from it) following every
 * published build.
 */
import { catchUpInBackground, followHistory, settleRepositoryWork } from "./git/site-repository.server";
import { startReleasing } from "~/content/schedule.server";
import { startPushing } from "./pushes.server";

/** Starts the work; the function returned stops it and settles when what was in progress has ended. */
export function startPublishing({ installed }: { installed: boolean }): () => Promise<void> {
  const stopFollowing = followHistory();
  const stopPushing = startPushing();
  const stopReleasing = startReleasing();
  // Catch up with builds published while this instance was stopped (or that it has never seen), and make the
  // public history (kept in memory) before the first clone asks for it. A site whose history has not begun is
  // left as it is: its first clone or publish begins it.
  if (installed) catchUpInBackground({ begin: false });
  return async () => {
    stopFollowing();
    await Promise.all([stopPushing(), stopReleasing()]);
    await settleRepositoryWork();
  };
}
