import { jsonError } from "~/lib/http.server";

/** Unknown API paths answer JSON, never the HTML 404 page. */
export function loader() {
  return jsonError(404, "Page not found");
}
export const action = loader;
