import { Link, useLoaderData } from "react-router";
import { readPendingSignIn } from "~/auth/pending-sign-in.server";
import { AuthCard } from "~/auth/ui/auth-card";
import { SecondStepForm } from "~/auth/ui/second-step-form";
import { PasskeyButton } from "~/auth/ui/passkey-button";
import { getDb } from "~/db/client.server";
import { pickMessages } from "~/i18n/catalogs.server";
import { localizePath, parseLocalizedPath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { redirectTarget } from "~/lib/redirect-target";
import { documentTitle } from "~/settings/app-config";
import { rootSite, rootT } from "~/shell/route-meta";
import { flashToastForNextPage } from "~/ui/toast/flash";
import type { Route } from "./+types/second-step";

/**
 * /login/second-step?redirectTo=…: a sign-in whose first factor was given asks here for the account's second
 * factor. Without a live pending sign-in (none, expired, finished) it says so and leads back to the login page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale } = parseLocalizedPath(url.pathname);
  const redirectTo = redirectTarget(url.searchParams.get("redirectTo")) ?? localizePath("/", locale);
  const pending = await readPendingSignIn(await getDb(), request);
  return { messages: pickMessages(locale, ["auth", "validation"]), redirectTo, live: pending !== undefined };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("auth.secondStep.title")) },
  { name: "robots", content: "noindex" },
];

export default function SecondStep() {
  const t = useT();
  const locale = useLocale();
  const { redirectTo, live } = useLoaderData<typeof loader>();
  const done = (message: string) => {
    flashToastForNextPage({ title: message, variant: "success" });
    window.location.replace(redirectTo);
  };
  return (
    <AuthCard title={t("auth.secondStep.title")} description={t("auth.secondStep.description")}>
      {live ? (
        <>
          <SecondStepForm onDone={done} />
          <PasskeyButton
            purpose="second-step"
            path="/api/auth/second-step"
            label={t("auth.passkey.use")}
            onDone={(data) => done(data.message ?? "")}
            testId="second-step-passkey"
          />
        </>
      ) : (
        <>
          <p role="alert" className="text-sm" data-testid="second-step-expired">
            {t("auth.secondStep.expired")}
          </p>
          <Link
            to={`${localizePath("/login", locale)}?redirectTo=${encodeURIComponent(redirectTo)}`}
            className="text-sm underline"
          >
            {t("auth.secondStep.startAgain")}
          </Link>
        </>
      )}
    </AuthCard>
  );
}
