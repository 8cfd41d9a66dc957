import { readCookie, serializeCookie } from "~/lib/cookies";
import type { ToastInput } from "./types";

const cookieName = "toast";

/** A Set-Cookie header that makes the next page show `toast` (for an action that redirects). */
export function flashToastCookie(toast: ToastInput, secure = false): string {
  return serializeCookie(cookieName, JSON.stringify(toast), { httpOnly: true, maxAge: 60, secure });
}

/** The toast queued by the previous response, and the header that clears it. */
export function takeFlashToast(request: Request): { toast: ToastInput | null; clear?: string } {
  const raw = readCookie(request.headers.get("cookie"), cookieName);
  if (!raw) return { toast: null };
  const clear = serializeCookie(cookieName, "", { httpOnly: true, maxAge: 0 });
  try {
    const value = JSON.parse(raw) as Partial<ToastInput>;
    if (typeof value.title !== "string") return { toast: null, clear };
    return {
      toast: {
        title: value.title.slice(0, 200),
        description: typeof value.description === "string" ? value.description.slice(0, 500) : undefined,
        variant: value.variant,
      },
      clear,
    };
  } catch {
    return { toast: null, clear };
  }
}
