import { useState } from "react";
import { Link, useLoaderData } from "react-router";
import { linkTokenLive } from "~/auth/email-links.server";
import { AuthCard } from "~/auth/ui/auth-card";
import { getDb } from "~/db/client.server";
import { pickMessages } from "~/i18n/catalogs.server";
import { localizePath, parseLocalizedPath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { documentTitle } from "~/settings/app-config";
import { rootSite, rootT } from "~/shell/route-meta";
import { Button } from "~/ui/button";
import { useApiAction } from "~/ui/use-api";
import type { Route } from "./+types/confirm-email";

/**
 * /confirm-email?token=…: what a confirmation link opens. Opening it changes nothing (mail programs open links to
 * look at them); the button confirms.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale } = parseLocalizedPath(url.pathname);
  const token = url.searchParams.get("token") ?? "";
  const live = await linkTokenLive(await getDb(), token, "confirm");
  return { messages: pickMessages(locale, ["auth", "validation"]), token: live ? token : null };
}

export const headers = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("auth.email.confirmTitle")) },
  { name: "robots", content: "noindex" },
];

export default function ConfirmEmail() {
  const t = useT();
  const locale = useLocale();
  const { token } = useLoaderData<typeof loader>();
  const [confirmed, setConfirmed] = useState(false);
  const action = useApiAction();
  const confirm = async () => {
    const ok = await action.run("/api/auth/confirm-email", { method: "POST", body: { token }, revalidate: false });
    if (ok) setConfirmed(true);
  };
  return (
    <AuthCard title={t("auth.email.confirmTitle")} description={t("auth.email.confirmDescription")}>
      {confirmed ? (
        <p role="status" data-testid="email-confirmed">
          {t("auth.email.confirmedMessage")}{" "}
          <Link to={localizePath("/profile", locale)} className="underline">
            {t("auth.profile.title")}
          </Link>
        </p>
      ) : token ? (
        <Button onClick={confirm} disabled={action.pending} data-testid="confirm-email">
          {action.pending ? t("auth.email.confirming") : t("auth.email.confirmSubmit")}
        </Button>
      ) : (
        <p role="alert" className="text-sm" data-testid="confirm-link-invalid">
          {t("auth.email.linkInvalid")}
        </p>
      )}
    </AuthCard>
  );
}
