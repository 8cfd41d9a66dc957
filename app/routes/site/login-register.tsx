import { useLoaderData } from "react-router";
import { authPageData } from "~/auth/auth-page.server";
import { AuthCard } from "~/auth/ui/auth-card";
import { AuthPanel, type AuthMode } from "~/auth/ui/auth-panel";
import { localizePath, parseLocalizedPath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { documentTitle } from "~/settings/app-config";
import { rootSite, rootT } from "~/shell/route-meta";
import { flashToastForNextPage } from "~/ui/toast/flash";
import type { Route } from "./+types/login-register";

/** /login and /register (each also under /fa and /en): one page, its form chosen by the address. */
export async function loader({ request }: Route.LoaderArgs) {
  const mode: AuthMode = parseLocalizedPath(new URL(request.url).pathname).path === "/register" ? "register" : "login";
  return { ...(await authPageData(request)), mode };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)(`auth.${loaderData?.mode ?? "login"}.title`)) },
  { name: "robots", content: "noindex" },
];

export default function LoginOrRegister() {
  const t = useT();
  const locale = useLocale();
  const { mode, providers, redirectTo } = useLoaderData<typeof loader>();
  const other: AuthMode = mode === "login" ? "register" : "login";
  // A full page load: every part of the page (header, identity, the page itself) starts from the new session.
  const done = (message: string) => {
    flashToastForNextPage({ title: message, variant: "success" });
    window.location.replace(redirectTo);
  };
  return (
    <AuthCard title={t(`auth.${mode}.title`)} description={t(`auth.${mode}.description`)} wide={mode === "register"}>
      <AuthPanel
        mode={mode}
        providers={providers}
        onDone={done}
        toOther={{ href: `${localizePath(`/${other}`, locale)}?redirectTo=${encodeURIComponent(redirectTo)}` }}
      />
    </AuthCard>
  );
}
