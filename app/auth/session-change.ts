/**
 * The browser's note that the session changed (login, logout, a role change of one's own): the root
 * loader reads who is signed in, and normally does not run again on navigation, so the next navigation or
 * revalidation after a change must refresh it.
 */
let changed = false;

export function markSessionChange(): void {
  changed = true;
}

/** True once after markSessionChange(). */
export function takeSessionChange(): boolean {
  const was = changed;
  changed = false;
  return was;
}
