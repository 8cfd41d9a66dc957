import type { PublicComment } from "../types";

/**
 * Anonymous visitors' own comments that await moderation, remembered in this browser so their authors see
 * them (marked as awaiting) without the server showing unapproved comments to anyone who asks.
 */
const key = "daftar:pending-comments";
const keepForMs = 30 * 24 * 60 * 60 * 1000;

type Store = Record<string, PublicComment[]>;

function read(): Store {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "{}") as Store;
  } catch {
    return {};
  }
}

function write(store: Store): void {
  try {
    localStorage.setItem(key, JSON.stringify(store));
  } catch {
    // No storage: the author simply will not see it until it is approved.
  }
}

export function rememberPending(routePath: string, comment: PublicComment): void {
  const store = read();
  store[routePath] = [comment, ...(store[routePath] ?? [])].slice(0, 20);
  write(store);
}

/** This page's remembered comments, minus those the server now shows (approved) and the old ones. */
export function pendingFor(routePath: string, shownIds: Set<number>): PublicComment[] {
  const store = read();
  const fresh = (store[routePath] ?? []).filter(
    (c) => !shownIds.has(c.id) && Date.now() - new Date(c.createdAt).getTime() < keepForMs,
  );
  if (fresh.length !== (store[routePath] ?? []).length) {
    store[routePath] = fresh;
    write(store);
  }
  return fresh;
}

/** Changes (or, with null, forgets) one remembered comment: its author edited or deleted it. */
export function replacePending(
  routePath: string,
  id: number,
  update: (comment: PublicComment) => PublicComment | null,
): void {
  const store = read();
  const list = store[routePath];
  if (!list?.some((c) => c.id === id)) return;
  store[routePath] = list.flatMap((c) => {
    if (c.id !== id) return [c];
    const next = update(c);
    return next ? [next] : [];
  });
  write(store);
}
