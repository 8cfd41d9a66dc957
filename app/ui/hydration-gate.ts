/**
 * Code the server-rendered document needs before it can be hydrated as it is: a view that is its own chunk
 * (the catch-all page's article or listing) registers its loading here when the page starts, and the client
 * entry hydrates once it is in. Hydrating first would leave that part dehydrated while its code arrives, and any
 * update reaching it then makes React throw the server's markup away and render it again (the page jumps).
 */
const pending: Promise<unknown>[] = [];

export function beforeHydration(loading: Promise<unknown>): void {
  // A chunk that fails to arrive does not stop the page: that part renders when it can, as without the gate.
  pending.push(loading.catch(() => undefined));
}

export function hydrationReady(): Promise<unknown> {
  return Promise.all(pending);
}
