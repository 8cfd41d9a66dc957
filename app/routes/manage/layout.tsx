import { data, Outlet, useLoaderData } from "react-router";
import { requirePageUser } from "~/auth/current-user.server";
import { pickMessages } from "~/i18n/catalogs.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { mergeHeaders } from "~/lib/headers";
import { ManageFrame } from "~/manage/ui/manage-frame";
import type { Route } from "./+types/layout";

/**
 * The frame of every /manage page. It only asks for a session (anonymous visitors go to login); each page
 * checks its own permission, so a page never relies on its frame for protection.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePageUser(request);
  const { locale } = parseLocalizedPath(new URL(request.url).pathname);
  return data(
    { messages: pickMessages(locale, ["manage"]), permissions: user.permissions },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export default function ManageLayout() {
  const { permissions } = useLoaderData<typeof loader>();
  return (
    <ManageFrame permissions={permissions}>
      <Outlet />
    </ManageFrame>
  );
}
