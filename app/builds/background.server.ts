/**
 * Publishing's background work on each instance: the outbox worked through (on the instance holding its lease),
 * and this instance's copy of the site's repository (and the public history made from it) following every
 * published build.
 */
import { followHistory, servedHistory, syncSiteRepository } from "./git/site-repository.server";
import { startPushing } from "./pushes.server";

export function startPublishing({ installed }: { installed: boolean }): () => void {
  const stopFollowing = followHistory();
  const stopPushing = startPushing();
  if (installed) {
    // Catch up with builds published while this instance was stopped (or that it has never seen), and make the
    // public history (kept in memory) before the first clone asks for it. A site whose history has not begun is
    // left as it is: its first clone or publish begins it.
    void syncSiteRepository(undefined, { begin: false })
      .then((synced) => (synced.published.length ? servedHistory("public") : undefined))
      .catch((error: unknown) => {
        console.error("Bringing the site's repository up to date failed:", error);
      });
  }
  return () => {
    stopFollowing();
    stopPushing();
  };
}
