import { config } from "~/config.server";

/** SITE_URL alone, for work done outside a request (rendering links as internal). */
export function configuredOrigin(): string | undefined {
  return config().siteUrl;
}

/** The site's public origin: SITE_URL when set (behind proxies, for canonical links and feeds), else the request's. */
export function siteOrigin(request: Request): string {
  return configuredOrigin() || new URL(request.url).origin;
}

/**
 * Whether cookies get `Secure`: from SITE_URL when it is set (behind a TLS proxy the app itself may only see
 * http), else from the request's own protocol.
 */
export function secureCookies(request: Request): boolean {
  return siteOrigin(request).startsWith("https:");
}
