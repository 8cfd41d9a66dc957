import { serializeCookie } from "~/lib/cookies";
import type { ToastInput } from "./types";

/**
 * Queues a toast for the next page the browser loads (before a full page navigation, which would lose a
 * toast shown now). Same cookie as flashToastCookie() on the server; the root loader shows it and clears it.
 */
export function flashToastForNextPage(toast: ToastInput): void {
  document.cookie = serializeCookie("toast", JSON.stringify(toast), {
    maxAge: 60,
    secure: window.location.protocol === "https:",
  });
}
