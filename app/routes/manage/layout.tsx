import { Outlet, useLoaderData } from "react-router";
import { guardedPage } from "~/edge/guarded-page.server";
import { guardedHeaders } from "~/edge/guarded-page";
import { ManageFrame } from "~/manage/ui/manage-frame";
import type { Route } from "./+types/layout";

/**
 * The frame of every /manage page. It only asks for a session (anonymous visitors go to login); each page
 * checks its own permission, so a page never relies on its frame for protection.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return guardedPage(request, { needs: "user", messages: ["manage"] }, async ({ user }) => {
    return { permissions: user.permissions };
  });
}

export const headers = guardedHeaders;

export default function ManageLayout() {
  const { permissions } = useLoaderData<typeof loader>();
  return (
    <ManageFrame permissions={permissions}>
      <Outlet />
    </ManageFrame>
  );
}
