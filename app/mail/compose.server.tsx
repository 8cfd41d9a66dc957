/**
 * The one composer: a message of a kind, in its recipient's language, as HTML and plain text (every message has
 * both). Texts come from the "mail" catalog; numbers are written in the language's digits.
 */
import { render } from "@react-email/render";
import { serverT } from "~/i18n/catalogs.server";
import { formatNumber } from "~/i18n/format";
import type { Locale } from "~/i18n/locales";
import { MessageLayout, type MessageProps } from "./messages/message-layout";

export interface ComposedMessage {
  subject: string;
  html: string;
  text: string;
}

export type MessageSpec =
  | { kind: "addressConfirm"; userName: string; link: string; hours: number }
  | { kind: "passwordReset"; userName: string; link: string; hours: number }
  | { kind: "addressChanged"; userName: string; newAddress: string }
  | { kind: "test" }
  | { kind: "newsletterConfirm"; link: string; hours: number; languages: "fa" | "en" | "both" }
  | { kind: "newsletter"; posts: { title: string; href: string; description: string }[]; unsubscribe: string };

export async function composeMessage(locale: Locale, siteName: string, spec: MessageSpec): Promise<ComposedMessage> {
  const t = serverT(locale);
  const site = siteName || t("mail.message.siteFallback");
  const footer = t("mail.message.footer", { site });
  let subject: string;
  let props: MessageProps;
  if (spec.kind === "newsletterConfirm") {
    const vars = {
      site,
      hours: formatNumber(spec.hours, locale),
      languages: t(`mail.newsletter.languages.${spec.languages}`),
    };
    subject = t("mail.message.newsletterConfirm.subject", vars);
    props = {
      locale,
      siteName: site,
      title: t("mail.message.newsletterConfirm.title"),
      paragraphs: [t("mail.message.newsletterConfirm.body", vars), t("mail.message.newsletterConfirm.ignore")],
      action: {
        label: t("mail.message.newsletterConfirm.action"),
        href: spec.link,
        fallback: t("mail.message.linkFallback"),
      },
      footer,
    };
  } else if (spec.kind === "newsletter") {
    const first = spec.posts[0]?.title ?? "";
    const vars = { site, title: first, count: formatNumber(spec.posts.length, locale) };
    subject =
      spec.posts.length === 1
        ? t("mail.message.newsletter.subjectOne", vars)
        : t("mail.message.newsletter.subjectMany", vars);
    props = {
      locale,
      siteName: site,
      title: t("mail.message.newsletter.title", vars),
      paragraphs: [],
      links: spec.posts.map((post) => ({ label: post.title, href: post.href, note: post.description || undefined })),
      footer,
      unsubscribe: { href: spec.unsubscribe, label: t("mail.message.unsubscribe") },
    };
  } else if (spec.kind === "test") {
    subject = t("mail.message.test.subject", { site });
    props = {
      locale,
      siteName: site,
      title: t("mail.message.test.title"),
      paragraphs: [t("mail.message.test.body", { site })],
      footer,
    };
  } else if (spec.kind === "addressChanged") {
    const vars = { site, user: spec.userName, address: spec.newAddress };
    subject = t("mail.message.changed.subject", vars);
    props = {
      locale,
      siteName: site,
      title: t("mail.message.changed.title"),
      paragraphs: [t("mail.message.changed.body", vars), t("mail.message.changed.notYou")],
      footer,
    };
  } else {
    const which = spec.kind === "addressConfirm" ? "confirm" : "reset";
    const vars = { site, user: spec.userName, hours: formatNumber(spec.hours, locale) };
    subject = t(`mail.message.${which}.subject`, vars);
    props = {
      locale,
      siteName: site,
      title: t(`mail.message.${which}.title`),
      paragraphs: [t(`mail.message.${which}.body`, vars), t(`mail.message.${which}.ignore`)],
      action: { label: t(`mail.message.${which}.action`), href: spec.link, fallback: t("mail.message.linkFallback") },
      footer,
    };
  }
  const element = <MessageLayout {...props} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
