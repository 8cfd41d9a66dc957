import { contentSingle } from "~/content/api.server";
import { apiRoute } from "~/lib/api.server";

/** GET /api/content/single?path=&locale=: one page with its front matter, rendered HTML and table of contents. */
export const loader = apiRoute({ GET: contentSingle });
export const action = loader;
