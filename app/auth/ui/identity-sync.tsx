import { useEffect } from "react";
import { useLocale } from "~/i18n/use-t";
import { useSessionKnown, useSessionUser } from "~/auth/session-user";
import { loadIdentityMaker, readIdentity, readProfile } from "~/keys/store";

/** A browser's first identity is made this long after the page has loaded, when the browser is idle. */
const idleDelay = 3000;

/**
 * Keeps the browser's identity in step with the session. Only the check runs on every page; the code that
 * makes and changes identities (./create) loads when there is something to do: at once when there is an
 * identity to bring in step (after login or logout, a changed profile); a browser without one, a guest's or a
 * member's, gets it once the page is idle (making a key pair is the heaviest part, and nothing needs it before
 * the visitor acts: what signs with it makes it then).
 */
export function IdentitySync() {
  const user = useSessionUser();
  const known = useSessionKnown();
  const locale = useLocale();
  useEffect(() => {
    // A shared document learns who is signed in after hydration: until then "nobody" is not known to be true.
    if (!known) return;
    let cancelled = false;
    const sync = () =>
      void loadIdentityMaker()
        .then((maker) => (cancelled ? undefined : maker.syncWithSession(user, locale)))
        .catch(() => undefined);
    const profile = readProfile();
    const hasIdentity = readIdentity() !== null;
    const inStep = user
      ? hasIdentity &&
        profile?.userId === user.id &&
        profile.displayName === user.displayName &&
        profile.firstName === user.firstName &&
        profile.lastName === user.lastName &&
        profile.about === user.about &&
        profile.userName === user.userName
      : hasIdentity && !profile?.userId;
    if (inStep) return;
    if (hasIdentity || profile?.userId) {
      sync();
      return () => void (cancelled = true);
    }
    let idle: number | undefined;
    const timer = setTimeout(() => {
      if ("requestIdleCallback" in window) idle = window.requestIdleCallback(sync, { timeout: 5000 });
      else sync();
    }, idleDelay);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [user, known, locale]);
  return null;
}
