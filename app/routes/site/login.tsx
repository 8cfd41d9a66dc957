import { Link, useLoaderData, useNavigate } from "react-router";
import { AuthCard } from "~/auth/auth-card";
import { authPageData } from "~/auth/auth-page.server";
import { LoginForm } from "~/auth/forms/login-form";
import { OAuthButtons } from "~/auth/forms/oauth-buttons";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { documentTitle } from "~/shell/meta";
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
  const navigate = useNavigate();
  const { providers, redirectTo } = useLoaderData<typeof loader>();
  const done = () => void navigate(redirectTo, { replace: true });
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
