import type { LinkContext } from "~/auth/email-address.server";
import type { ApiContext } from "~/edge/api-route.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { getAppConfig } from "~/settings/app-config.server";

/** Where a link sent by e-mail points (the site's configured origin), in the caller's language, and the site's name. */
export async function linkContext(ctx: ApiContext): Promise<LinkContext> {
  const config = await getAppConfig();
  return { locale: ctx.locale, origin: siteOrigin(ctx.request), siteName: config.siteName[ctx.locale] };
}
