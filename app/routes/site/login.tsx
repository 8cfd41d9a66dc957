import { Link, useLoaderData } from "react-router";
import { AuthCard } from "~/auth/ui/auth-card";
import { authPageData } from "~/auth/auth-page.server";
import { LoginForm } from "~/auth/ui/login-form";
import { OAuthButtons } from "~/auth/ui/oauth-buttons";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { documentTitle } from "~/shell/meta";
import { flashToastForNextPage } from "~/ui/toast/flash";
import { rootSite, rootT } from "~/shell/route-meta";
import type { Route } from "./+types/login";

export function loader({ request }: Route.LoaderArgs) {
  return authPageData(request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("auth.login.title")) },
  { name: "robots", content: "noindex" },
];

export default function Login() {
  const t = useT();
  const locale = useLocale();
  const { providers, redirectTo } = useLoaderData<typeof loader>();
  // A full page load: every part of the page (header, identity, the page itself) starts from the new session.
  const done = (message: string) => {
    flashToastForNextPage({ title: message, variant: "success" });
    window.location.replace(redirectTo);
  };
  return (
    <AuthCard title={t("auth.login.title")} description={t("auth.login.description")}>
      <LoginForm onDone={done} />
      <OAuthButtons providers={providers} onSignedIn={done} />
      <p className="text-center text-sm text-muted-foreground">
        {t("auth.login.noAccount")}{" "}
        <Link
          to={`${localizePath("/register", locale)}?redirectTo=${encodeURIComponent(redirectTo)}`}
          className="font-medium text-foreground underline underline-offset-4"
        >
          {t("auth.login.toRegister")}
        </Link>
      </p>
    </AuthCard>
  );
}
