/**
 * The one check for every redirect built from something a request carries (`redirectTo`, `returnTo`, the
 * request's own path): the target must be a path on this site, never another origin.
 */

const base = "http://site.invalid";
/** Longer targets are refused rather than echoed into a Location header. */
const maxLength = 2048;
/**
 * C0 controls, DEL and C1 controls are refused: browsers drop tabs and line breaks from URLs (so "/\t/x" becomes
 * "//x") and a header cannot carry the rest. A backslash is a slash to browsers ("/\x" is "//x").
 */
function hasRefusedCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return false;
}

/**
 * `value` as a same-origin path ("/a/b?c#d", normalised and percent-encoded as a browser would send it), or
 * undefined when it is not one: another origin ("//x", "https://x", "/.//x"), a scheme ("javascript:"), control
 * characters, backslashes, or more than 2048 characters. Callers choose their own fallback.
 */
export function redirectTarget(value: string | null | undefined): string | undefined {
  if (!value || value.length > maxLength || !value.startsWith("/") || hasRefusedCharacter(value)) {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  // "//x" parses as another host; "/.//x" keeps this host but its path "//x" would be read as one.
  if (url.origin !== base || url.pathname.startsWith("//")) return undefined;
  return url.pathname + url.search + url.hash;
}
