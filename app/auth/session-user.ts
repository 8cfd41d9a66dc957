import { useEffect, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { Permission } from "./permissions";
import { hasSessionHint } from "./session-hint";

/** The signed-in user as every page knows them (root loader data): small, and nothing secret. */
export interface SessionUser {
  id: number;
  userName: string;
  displayName: string;
  firstName: string;
  lastName: string;
  about: string;
  /** The key of their profile picture in the image service, or null (initials). */
  avatar: string | null;
  permissions: Permission[];
}

/** What the root's data says about the session (app/shell/root-data.ts). */
interface RootSession {
  user?: SessionUser | null;
  sharedDocument?: boolean;
}

/**
 * Who is signed in, for a document every reader shares (a public content page, served from the document cache):
 * asked once per document load from the session's own call, after hydration, when the session hint says this
 * browser may hold a session (app/auth/session-hint.ts). `known` is false until it answers (and stays false if
 * the call fails), so nothing acts on "signed out" before the answer.
 */
interface AskedSession {
  known: boolean;
  user: SessionUser | null;
}

const waiting: AskedSession = { known: false, user: null };
let asked = waiting;
let asking = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function answered(user: SessionUser | null) {
  asked = { known: true, user };
  for (const listener of listeners) listener();
}

function ask() {
  if (asking) return;
  asking = true;
  // Without the hint this browser holds no session: a visitor's page makes no call.
  if (!hasSessionHint(document.cookie)) return answered(null);
  // A plain GET: the API client (~/lib/api-client) is not part of a public page's first load, and this call has
  // no message to show. A failure leaves the session unknown.
  void fetch("/api/auth/reader", { headers: { Accept: "application/json" }, credentials: "same-origin" })
    .then((response) => (response.ok ? (response.json() as Promise<{ user?: SessionUser | null }>) : undefined))
    .then((body) => body && answered(body.user ?? null))
    .catch(() => undefined);
}

/**
 * The session as the page knows it: from the root's data, or for a shared document from the session's own call.
 * The root's data wins once it carries the user (a revalidation after signing in or out, a change of language).
 */
function useSession(): AskedSession {
  const root = useRouteLoaderData("root") as RootSession | undefined;
  const shared = root?.sharedDocument === true;
  const later = useSyncExternalStore(
    subscribe,
    () => asked,
    () => waiting,
  );
  useEffect(() => {
    if (shared) ask();
  }, [shared]);
  if (shared) return later;
  return { known: root !== undefined, user: root?.user ?? null };
}

/**
 * Who is signed in; null for a visitor, while a shared document waits for the session, and while rendering the
 * root's own error.
 */
export function useSessionUser(): SessionUser | null {
  return useSession().user;
}

/** Whether the page knows who is signed in yet (a shared document learns it after hydration). */
export function useSessionKnown(): boolean {
  return useSession().known;
}
