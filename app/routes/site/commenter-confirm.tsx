import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { AuthCard } from "~/auth/ui/auth-card";
import { addressOfConfirmation, confirmCommenterAddress } from "~/comments/commenter-addresses.server";
import { getDb } from "~/db/client.server";
import { pickMessages } from "~/i18n/catalogs.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import { documentTitle } from "~/settings/app-config";
import { rootSite, rootT } from "~/shell/route-meta";
import { Button } from "~/ui/button";
import type { Route } from "./+types/commenter-confirm";

async function addressOf(request: Request) {
  const db = await getDb();
  return { db, address: await addressOfConfirmation(db, new URL(request.url).searchParams.get("token") ?? "") };
}

/**
 * /confirm-email/comments?token=…: the link of an anonymous commenter's confirmation message. Opening it changes
 * nothing (mail programs and scanners open links); its button confirms the address.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { locale } = parseLocalizedPath(new URL(request.url).pathname);
  const { address } = await addressOf(request);
  return { messages: pickMessages(locale, ["mail"]), email: address?.email ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const { db, address } = await addressOf(request);
  if (!address) return new Response(null, { status: 404 });
  await confirmCommenterAddress(db, address.id);
  return { done: true };
}

export const headers = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("mail.commenter.confirmTitle")) },
  { name: "robots", content: "noindex" },
];

export default function CommenterConfirm() {
  const t = useT();
  const { email } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>()?.done;
  const pending = useNavigation().state === "submitting";
  return (
    <AuthCard title={t("mail.commenter.confirmTitle")} description={t("mail.commenter.description")}>
      {done ? (
        <p role="status" data-testid="commenter-confirmed">
          {t("mail.commenter.confirmed")}
        </p>
      ) : email === null ? (
        <p role="alert" className="text-sm" data-testid="commenter-invalid">
          {t("mail.commenter.invalid")}
        </p>
      ) : (
        <Form method="post" className="space-y-4">
          <p>
            {t("mail.commenter.confirmWhat")}{" "}
            <bdi dir="ltr" className="font-medium">
              {email}
            </bdi>
          </p>
          <Button type="submit" disabled={pending} data-testid="commenter-confirm">
            {t("mail.commenter.confirmSubmit")}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
