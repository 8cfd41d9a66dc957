import { renderMarkdown } from "~/content/markdown/render-markdown.server";
import { previewSchema } from "~/builds/commit-schema";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { siteOrigin } from "~/lib/site-origin.server";

/**
 * POST /api/builds/preview: the editor's markdown as the site renders it (sanitised like every page), in the
 * drafts' lane of the rendering threads: a text past the limits is refused with what to change (422), a full
 * queue answers 503.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { locale, markdown } = await ctx.body(previewSchema);
      const rendered = await renderMarkdown(
        markdown,
        { locale, siteOrigin: siteOrigin(ctx.request) },
        "drafts",
        ctx.request.signal,
      );
      return json({ html: rendered.html });
    },
  },
  { needs: "commit.create", failure: "editor.previewFailed" },
);
export const action = loader;
