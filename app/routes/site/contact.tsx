import { loadPage } from "~/content/pages.server";
import { Article } from "~/content/ui/article";
import { pickMessages } from "~/i18n/catalogs.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { mergeHeaders } from "~/lib/headers";
import { ContactSlot } from "~/nostr/ui/contact-slot";
import type { Route } from "./+types/contact";
import { sharedDocument } from "~/content/shared-document";

/** /contact: the contact page's content, then a form that sends the site's owner an encrypted message. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const page = await loadPage(request, url);
  const { locale } = parseLocalizedPath(url.pathname);
  page.data.messages = { ...page.data.messages, ...pickMessages(locale, ["nostr", "common"]) };
  return page;
}

/** The same document for every reader: who is signed in comes after it (app/content/shared-document.ts). */
export const handle = sharedDocument;

export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

export default function Contact({ loaderData }: Route.ComponentProps) {
  const view = loaderData.view;
  if (view.kind === "category") return null;
  return <Article view={view} after={<ContactSlot />} />;
}
