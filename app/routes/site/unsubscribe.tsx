import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { AuthCard } from "~/auth/ui/auth-card";
import { getDb } from "~/db/client.server";
import { pickMessages } from "~/i18n/catalogs.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import { readUnsubscribeToken } from "~/mail/unsubscribe.server";
import { documentTitle } from "~/settings/app-config";
import { rootSite, rootT } from "~/shell/route-meta";
import { Button } from "~/ui/button";
import type { Route } from "./+types/unsubscribe";
import { unsubscribeLists } from "./unsubscribe-lists.server";

/** The list and subject the request's link names, when the site signed it and the list exists. */
async function linkOf(request: Request) {
  const url = new URL(request.url);
  const db = await getDb();
  const target = await readUnsubscribeToken(db, url.searchParams.get("token") ?? "");
  const list = target && Object.hasOwn(unsubscribeLists, target.list) ? unsubscribeLists[target.list] : undefined;
  return { db, locale: parseLocalizedPath(url.pathname).locale, subject: target?.subject ?? "", list };
}

/**
 * /unsubscribe?token=…: what a message's unsubscribe link opens. Opening it changes nothing (mail programs and
 * scanners open links); the page's button, or the mail program's own one-click request (RFC 8058: a POST to the
 * same address, with no cookie), ends the subscription.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, locale, subject, list } = await linkOf(request);
  const what = list ? await list.describe(db, subject, locale) : null;
  return { messages: pickMessages(locale, ["mail"]), valid: Boolean(list), what };
}

export async function action({ request }: Route.ActionArgs) {
  const { db, subject, list } = await linkOf(request);
  if (!list) return new Response(null, { status: 404 });
  await list.end(db, subject);
  return { done: true };
}

export const headers = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("mail.unsubscribe.title")) },
  { name: "robots", content: "noindex" },
];

export default function Unsubscribe() {
  const t = useT();
  const { valid, what } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>()?.done;
  const pending = useNavigation().state === "submitting";
  return (
    <AuthCard title={t("mail.unsubscribe.title")} description={t("mail.unsubscribe.description")}>
      {done ? (
        <p role="status" data-testid="unsubscribed">
          {t("mail.unsubscribe.done")}
        </p>
      ) : !valid ? (
        <p role="alert" className="text-sm" data-testid="unsubscribe-invalid">
          {t("mail.unsubscribe.invalid")}
        </p>
      ) : what === null ? (
        <p role="status" data-testid="unsubscribed">
          {t("mail.unsubscribe.already")}
        </p>
      ) : (
        <Form method="post" className="space-y-4">
          <p>{t("mail.unsubscribe.what", { what })}</p>
          {/* The same request a mail program's one-click button makes. */}
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <Button type="submit" disabled={pending} data-testid="unsubscribe">
            {t("mail.unsubscribe.submit")}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
