/** The site's public origin: SITE_URL when set (behind proxies and for feeds), else the request's own. */
export function siteOrigin(request: Request): string {
  return process.env.SITE_URL?.replace(/\/$/, "") || new URL(request.url).origin;
}
