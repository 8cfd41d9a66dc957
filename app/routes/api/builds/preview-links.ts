import { createPreviewLink, listPreviewLinks, revokePreviewLink } from "~/builds/previews.server";
import { newPreviewLinkSchema, revokePreviewLinkSchema } from "~/builds/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { localizePath } from "~/i18n/locales";
import { json } from "~/lib/http.server";
import { siteOrigin } from "~/lib/site-origin.server";

/**
 * GET /api/builds/preview-links: the writer's live preview links. POST { locale, path }: a new one (its address is
 * in this answer only). DELETE { id }: revoke one of them.
 */
export const loader = apiRoute(
  {
    GET: async (ctx) => json({ links: await listPreviewLinks(await getDb(), ctx.user) }),
    POST: async (ctx) => {
      const { token, link } = await createPreviewLink(await getDb(), ctx.user, await ctx.body(newPreviewLinkSchema));
      const url = siteOrigin(ctx.request) + localizePath(`/preview/${token}`, link.locale);
      return json({ message: ctx.t("editor.preview.made"), link, url }, 201);
    },
    DELETE: async (ctx) => {
      const { id } = await ctx.body(revokePreviewLinkSchema);
      await revokePreviewLink(await getDb(), ctx.user, id);
      return json({ message: ctx.t("editor.preview.revoked"), id });
    },
  },
  { needs: "commit.create", failure: "editor.preview.failed" },
);
export const action = loader;
