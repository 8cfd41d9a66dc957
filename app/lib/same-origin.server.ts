/**
 * CSRF defence for state-changing requests, on top of SameSite=Lax session cookies: a browser always sends
 * Origin (or at least Sec-Fetch-Site) with a cross-site POST/PUT/DELETE, so such a request is refused unless it
 * comes from this site. Clients that send neither (curl, server-to-server) carry no ambient cookies to abuse.
 */
export function isCrossSiteMutation(method: string, url: URL, headers: Headers): boolean {
  if (isSafeMethod(method)) return false;
  const origin = headers.get("origin");
  if (origin && origin !== "null") return origin !== url.origin;
  if (origin === "null") return true;
  const site = headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin" && site !== "none";
}

/** Methods that change nothing, so never need the check (a page request skips building a Request for it). */
export function isSafeMethod(method: string): boolean {
  return method === "GET" || method === "HEAD" || method === "OPTIONS";
}
