/**
 * Housekeeping that one instance does for all: expired sessions and sign-ins waiting for a second factor, rate-limit windows that are over, signed
 * requests and sign-in challenges (Nostr and passkey) that can no longer be used, change-log entries every instance has long
 * applied, strangers' gift wraps past their retention, and preview links and e-mailed links a day past their end.
 */
import { deleteExpiredLimits } from "~/db/rate-limit.server";
import { deleteExpiredSessions } from "~/auth/sessions.server";
import { deleteExpiredPendingSignIns } from "~/auth/pending-sign-in.server";
import { deleteExpiredWebauthnChallenges } from "~/auth/passkeys.server";
import { deleteEndedLinks } from "~/auth/email-links.server";
import { deleteExpiredSignedRequests } from "~/auth/nostr-http-auth.server";
import { pruneStrangerWraps } from "~/nostr/relay/store.server";
import { deleteExpiredChallenges } from "~/nostr/sign-in.server";
import { pruneChangeLog } from "~/cluster/change-feed.server";
import { everyPeriod } from "~/cluster/leases.server";
import { deleteEndedPreviewLinks } from "~/builds/previews.server";

export const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

export function startHousekeeping(): () => Promise<void> {
  return everyPeriod("housekeeping", HOUSEKEEPING_EVERY_MS, async (db) => {
    await deleteExpiredSessions(db);
    await deleteExpiredPendingSignIns(db);
    await deleteExpiredWebauthnChallenges(db);
    await deleteExpiredLimits(db);
    await deleteExpiredSignedRequests(db);
    await deleteExpiredChallenges(db);
    await pruneChangeLog(db);
    await pruneStrangerWraps(db);
    await deleteEndedPreviewLinks(db);
    await deleteEndedLinks(db);
  });
}
