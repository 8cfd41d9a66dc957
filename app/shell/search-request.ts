// Places outside the header (the phone drawer, the not-found page) open the one search dialog by asking for it;
// the header's search box listens. An event keeps the shell free of the content domain's code.
const openSearchEvent = "daftar:open-search";

/** Opens the site's search dialog. */
export function requestSearch(): void {
  dispatchEvent(new Event(openSearchEvent));
}

/** Calls `listener` whenever something asks for the search dialog; returns the unsubscribe function. */
export function onSearchRequest(listener: () => void): () => void {
  addEventListener(openSearchEvent, listener);
  return () => removeEventListener(openSearchEvent, listener);
}
