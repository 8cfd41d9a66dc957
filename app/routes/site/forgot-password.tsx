import { Link } from "react-router";
import { authPageData } from "~/auth/auth-page.server";
import { AuthCard } from "~/auth/ui/auth-card";
import { ForgotPasswordForm } from "~/auth/ui/forgot-password-form";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { documentTitle } from "~/settings/app-config";
import { rootSite, rootT } from "~/shell/route-meta";
import type { Route } from "./+types/forgot-password";

/** /forgot-password: asks for a link to choose a new password, sent to the account's confirmed address. */
export async function loader({ request }: Route.LoaderArgs) {
  const { messages } = await authPageData(request);
  return { messages };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("auth.forgot.title")) },
  { name: "robots", content: "noindex" },
];

export default function ForgotPassword() {
  const t = useT();
  const locale = useLocale();
  return (
    <AuthCard title={t("auth.forgot.title")} description={t("auth.forgot.description")}>
      <ForgotPasswordForm />
      <Link to={localizePath("/login", locale)} className="text-sm text-muted-foreground underline">
        {t("auth.forgot.backToLogin")}
      </Link>
    </AuthCard>
  );
}
