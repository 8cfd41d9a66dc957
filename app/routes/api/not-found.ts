import { apiRoute, type ApiHandler } from "~/edge/api-route.server";
import { jsonError } from "~/lib/http.server";

const notFound: ApiHandler = async ({ t }) => jsonError(404, t("api.notFound"));

/** Unknown API paths answer JSON in the caller's language, never the HTML 404 page. */
export const loader = apiRoute({ GET: notFound, POST: notFound, PUT: notFound, DELETE: notFound });
export const action = loader;
