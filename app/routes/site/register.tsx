import { Link, useLoaderData } from "react-router";
import { AuthCard } from "~/auth/ui/auth-card";
import { authPageData } from "~/auth/auth-page.server";
import { OAuthButtons } from "~/auth/ui/oauth-buttons";
import { RegisterForm } from "~/auth/ui/register-form";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { documentTitle } from "~/shell/meta";
import { flashToastForNextPage } from "~/ui/toast/flash";
import { rootSite, rootT } from "~/shell/route-meta";
import type { Route } from "./+types/register";

export function loader({ request }: Route.LoaderArgs) {
  return authPageData(request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("auth.register.title")) },
  { name: "robots", content: "noindex" },
];

export default function Register() {
  const t = useT();
  const locale = useLocale();
  const { providers, redirectTo } = useLoaderData<typeof loader>();
  // A full page load: every part of the page (header, identity, the page itself) starts from the new session.
  const done = (message: string) => {
    flashToastForNextPage({ title: message, variant: "success" });
    window.location.replace(redirectTo);
  };
  return (
    <AuthCard title={t("auth.register.title")} description={t("auth.register.description")} wide>
      <RegisterForm onDone={done} />
      <OAuthButtons providers={providers} onSignedIn={done} />
      <p className="text-center text-sm text-muted-foreground">
        {t("auth.register.haveAccount")}{" "}
        <Link
          to={`${localizePath("/login", locale)}?redirectTo=${encodeURIComponent(redirectTo)}`}
          className="font-medium text-foreground underline underline-offset-4"
        >
          {t("auth.register.toLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
