import { data, useActionData, useLoaderData } from "react-router";
import { AuthCard } from "~/auth/ui/auth-card";
import { getDb } from "~/db/client.server";
import { pickMessages, serverT } from "~/i18n/catalogs.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import { ServiceError } from "~/lib/service-error";
import { siteOrigin } from "~/lib/site-origin.server";
import { validate } from "~/lib/validation";
import { subscribeSchema } from "~/newsletter/schema";
import { requestSubscription } from "~/newsletter/subscriptions.server";
import { SubscribeForm } from "~/newsletter/ui/subscribe-form";
import { requestInfoContext } from "~/request-context";
import { getAppConfig } from "~/settings/app-config.server";
import { documentTitle } from "~/settings/app-config";
import { rootSite, rootT } from "~/shell/route-meta";
import type { Route } from "./+types/newsletter";

/**
 * /newsletter: where the newsletter's form posts (from posts and the footer, without JavaScript). The answer is the
 * same whether the address is subscribed already or not: a confirmation link is on its way. The page itself shows
 * the form again, for a reader who opens it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { locale } = parseLocalizedPath(new URL(request.url).pathname);
  return { messages: pickMessages(locale, ["mail"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = parseLocalizedPath(new URL(request.url).pathname);
  const t = serverT(locale);
  const form = await request.formData().catch(() => new FormData());
  const checked = validate(
    subscribeSchema,
    { email: String(form.get("email") ?? "").slice(0, 1_000), languages: String(form.get("languages") ?? "") },
    t,
  );
  if (!checked.ok) return data({ sent: false, error: checked.issues[0]?.message ?? "" }, { status: 400 });
  try {
    await requestSubscription(
      await getDb(),
      { ...checked.data, locale },
      {
        clientIp: context.get(requestInfoContext).ip,
        origin: siteOrigin(request),
        siteName: (await getAppConfig()).siteName[locale],
      },
    );
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data({ sent: false, error: t(error.key, error.vars) }, { status: error.status, headers: error.headers });
  }
  return { sent: true, error: "" };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("mail.newsletter.title")) },
  { name: "robots", content: "noindex" },
];

export default function Newsletter() {
  const t = useT();
  useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <AuthCard title={t("mail.newsletter.title")} description={t("mail.newsletter.description")}>
      {answer?.sent ? (
        <p role="status" data-testid="newsletter-sent">
          {t("mail.newsletter.sent")}
        </p>
      ) : (
        <>
          {answer?.error ? (
            <p role="alert" className="text-sm text-destructive" data-testid="newsletter-error">
              {answer.error}
            </p>
          ) : null}
          <SubscribeForm />
        </>
      )}
    </AuthCard>
  );
}
