import { Link, useLoaderData } from "react-router";
import { linkTokenLive } from "~/auth/email-links.server";
import { AuthCard } from "~/auth/ui/auth-card";
import { ResetPasswordForm } from "~/auth/ui/reset-password-form";
import { getDb } from "~/db/client.server";
import { pickMessages } from "~/i18n/catalogs.server";
import { localizePath, parseLocalizedPath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { documentTitle } from "~/settings/app-config";
import { rootSite, rootT } from "~/shell/route-meta";
import { flashToastForNextPage } from "~/ui/toast/flash";
import type { Route } from "./+types/reset-password";

/**
 * /reset-password?token=…: what a reset link opens. Opening it changes nothing (mail programs open links to look
 * at them); the form's submit uses the token.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale } = parseLocalizedPath(url.pathname);
  const token = url.searchParams.get("token") ?? "";
  const live = await linkTokenLive(await getDb(), token, "reset");
  return { messages: pickMessages(locale, ["auth", "validation"]), token: live ? token : null };
}

export const headers = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("auth.reset.title")) },
  { name: "robots", content: "noindex" },
];

export default function ResetPassword() {
  const t = useT();
  const locale = useLocale();
  const { token } = useLoaderData<typeof loader>();
  const done = (message: string) => {
    flashToastForNextPage({ title: message, variant: "success" });
    window.location.replace(localizePath("/profile", locale));
  };
  return (
    <AuthCard title={t("auth.reset.title")} description={t("auth.reset.description")}>
      {token ? (
        <ResetPasswordForm token={token} onDone={done} />
      ) : (
        <>
          <p role="alert" className="text-sm" data-testid="reset-link-invalid">
            {t("auth.reset.linkInvalid")}
          </p>
          <Link to={localizePath("/forgot-password", locale)} className="text-sm underline">
            {t("auth.forgot.title")}
          </Link>
        </>
      )}
    </AuthCard>
  );
}
