import { data } from "react-router";
import { openPreview } from "~/builds/previews.server";
import { loadPreview, PREVIEW_HEADERS } from "~/content/pages.server";
import { Article } from "~/content/ui/article";
import { getDb } from "~/db/client.server";
import { serverT } from "~/i18n/catalogs.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { mergeHeaders } from "~/lib/headers";
import { ServiceError } from "~/lib/service-error";
import { requestInfoContext } from "~/request-context";
import type { Route } from "./+types/preview";

/**
 * /preview/:token: the page a live preview link names, as it will look, for anyone holding the link (no session
 * needed). Rendered for its request, never kept (no `sharedDocument`); an unknown, revoked or expired link is 404.
 */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const preview = await openPreview(await getDb(), params.token, context.get(requestInfoContext).ip).catch(
    (error: unknown) => {
      // Too many links that open nothing from this address: 429 with its wait, in the page's language.
      if (!(error instanceof ServiceError)) throw error;
      const t = serverT(parseLocalizedPath(url.pathname).locale);
      throw data(
        { message: t(error.key, error.vars) },
        { status: error.status, headers: { ...PREVIEW_HEADERS, ...error.headers } },
      );
    },
  );
  if (!preview) throw data(null, { status: 404, headers: PREVIEW_HEADERS });
  return loadPreview(request, url, preview);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders, errorHeaders }) =>
  mergeHeaders(parentHeaders, errorHeaders ?? loaderHeaders);

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

export default function Preview({ loaderData }: Route.ComponentProps) {
  const view = loaderData.view;
  if (view.kind === "category") return null;
  return <Article view={view} />;
}
