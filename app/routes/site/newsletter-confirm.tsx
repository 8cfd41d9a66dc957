import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { AuthCard } from "~/auth/ui/auth-card";
import { getDb } from "~/db/client.server";
import { pickMessages } from "~/i18n/catalogs.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import { confirmSubscription, readConfirmationToken } from "~/newsletter/subscriptions.server";
import { documentTitle } from "~/settings/app-config";
import { rootSite, rootT } from "~/shell/route-meta";
import { Button } from "~/ui/button";
import type { Route } from "./+types/newsletter-confirm";

async function subscriptionOf(request: Request) {
  const url = new URL(request.url);
  const db = await getDb();
  return { db, subscription: await readConfirmationToken(db, url.searchParams.get("token") ?? "") };
}

/**
 * /newsletter/confirm?token=…: the link of the confirmation message. Opening it changes nothing (mail programs and
 * scanners open links); its button keeps the address the link carries, which is the first time it is stored.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { locale } = parseLocalizedPath(new URL(request.url).pathname);
  const { subscription } = await subscriptionOf(request);
  return { messages: pickMessages(locale, ["mail"]), email: subscription?.email ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const { db, subscription } = await subscriptionOf(request);
  // A link made before the address was removed is refused like one that has expired.
  if (!subscription || (await confirmSubscription(db, subscription)) === null)
    return new Response(null, { status: 404 });
  return { done: true };
}

export const headers = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("mail.newsletter.confirmTitle")) },
  { name: "robots", content: "noindex" },
];

export default function NewsletterConfirm() {
  const t = useT();
  const { email } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>()?.done;
  const pending = useNavigation().state === "submitting";
  return (
    <AuthCard title={t("mail.newsletter.confirmTitle")} description={t("mail.newsletter.description")}>
      {done ? (
        <p role="status" data-testid="newsletter-confirmed">
          {t("mail.newsletter.confirmed")}
        </p>
      ) : email === null ? (
        <p role="alert" className="text-sm" data-testid="newsletter-invalid">
          {t("mail.newsletter.invalid")}
        </p>
      ) : (
        <Form method="post" className="space-y-4">
          <p>
            {t("mail.newsletter.confirmWhat")}{" "}
            <bdi dir="ltr" className="font-medium">
              {email}
            </bdi>
          </p>
          <Button type="submit" disabled={pending} data-testid="newsletter-confirm">
            {t("mail.newsletter.confirmSubmit")}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
