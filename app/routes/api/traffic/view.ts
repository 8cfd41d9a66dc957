import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { noteReportedView } from "~/traffic/reported-view.server";
import { pageViewReport } from "~/traffic/schema";

/**
 * POST /api/traffic/view { path }: the page reports a view after a navigation inside the site, which the server
 * answered with data, not a document. Open to every visitor, like the page itself; `recorded` says whether the
 * view was noted (not for addresses that are no page, nor when the visit log is off or the browser opted out).
 */
export const loader = apiRoute({
  POST: async (ctx) => {
    const { path } = await ctx.body(pageViewReport);
    return json({ recorded: await noteReportedView(ctx.request, ctx.ip, path) }, 202);
  },
});
export const action = loader;
