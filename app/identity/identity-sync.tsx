import { useEffect } from "react";
import { useLocale } from "~/i18n/use-t";
import { useRootData } from "~/shell/root-data";
import { clearIdentity, loadIdentityMaker, readIdentity, readProfile, writeIdentity, type LocalProfile } from "./store";
import type { SessionUser } from "~/auth/session-user";

/** A guest's identity is made this long after the page has loaded, when the browser is idle. */
const idleDelay = 3000;

function merged(base: LocalProfile, user: SessionUser): LocalProfile {
  return {
    ...base,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName,
    about: user.about,
    userId: user.id,
    userName: user.userName,
  };
}

function same(a: LocalProfile, b: LocalProfile): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Keeps the browser's identity in step with the session (SPEC §4): a guest gets a key pair and a random
 * name (after idle, once per browser); login merges the account's profile; when the account's session is
 * gone (logout here or elsewhere, a password change elsewhere), the identity is cleared and a fresh one made.
 */
export function IdentitySync() {
  const user = useRootData()?.user ?? null;
  const locale = useLocale();
  useEffect(() => {
    let cancelled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    let idle: number | undefined;
    const make = () =>
      loadIdentityMaker()
        .then((maker) => (cancelled ? null : maker.ensureIdentity(locale)))
        .catch(() => null);

    if (user) {
      const sync = (profile: LocalProfile | null) => {
        if (cancelled || !profile) return;
        const next = merged(profile, user);
        if (!same(profile, next)) writeIdentity(next);
      };
      const complete = readIdentity();
      if (complete) sync(complete);
      else void make().then(sync);
    } else if (readProfile()?.userId) {
      clearIdentity();
      void make();
    } else if (!readIdentity()) {
      timers.push(
        setTimeout(() => {
          if ("requestIdleCallback" in window) idle = window.requestIdleCallback(() => void make(), { timeout: 5000 });
          else void make();
        }, idleDelay),
      );
    }
    return () => {
      cancelled = true;
      timers.forEach(clearTimeout);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [user, locale]);
  return null;
}
