/**
 * The one composer: a message of a kind, in its recipient's language, as HTML and plain text (every message has
 * both). Texts come from the "mail" catalog; numbers are written in the language's digits.
 */
import { render } from "@react-email/render";
import { serverT } from "~/i18n/catalogs.server";
import { formatNumber } from "~/i18n/format";
import type { Locale } from "~/i18n/locales";
import type { MessageKey } from "~/i18n/translate";
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
  | { kind: "commentWaiting"; author: string; excerpt: string; page: string; link: string }
  | { kind: "moderationDigest"; count: number; items: { author: string; excerpt: string }[]; link: string }
  | { kind: "commentApproved"; excerpt: string; page: string; link: string }
  | { kind: "commentReply"; author: string; excerpt: string; page: string; link: string }
  | { kind: "newMessage"; link: string }
  | { kind: "newsletterConfirm"; link: string; hours: number; languages: "fa" | "en" | "both" }
  | { kind: "commenterConfirm"; link: string; hours: number }
  | { kind: "newsletter"; posts: { title: string; href: string; description: string }[]; unsubscribe: string };

/** A notice's unsubscribe link, written under its footer (the outbox also sends it as List-Unsubscribe). */
export interface ComposeOptions {
  unsubscribe?: string;
}

export async function composeMessage(
  locale: Locale,
  siteName: string,
  spec: MessageSpec,
  options: ComposeOptions = {},
): Promise<ComposedMessage> {
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
  } else if (spec.kind === "commenterConfirm") {
    const vars = { site, hours: formatNumber(spec.hours, locale) };
    subject = t("mail.message.commenterConfirm.subject", vars);
    props = {
      locale,
      siteName: site,
      title: t("mail.message.commenterConfirm.title"),
      paragraphs: [t("mail.message.commenterConfirm.body", vars), t("mail.message.commenterConfirm.ignore")],
      action: {
        label: t("mail.message.commenterConfirm.action"),
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
  } else if (isNotice(spec)) {
    ({ subject, props } = noticeProps(t, locale, site, footer, spec));
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
  if (options.unsubscribe) props.unsubscribe = { href: options.unsubscribe, label: t("mail.message.unsubscribe") };
  const element = <MessageLayout {...props} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}

type NoticeSpec = Extract<
  MessageSpec,
  { kind: "commentWaiting" | "moderationDigest" | "commentApproved" | "commentReply" | "newMessage" }
>;

function isNotice(spec: MessageSpec): spec is NoticeSpec {
  return ["commentWaiting", "moderationDigest", "commentApproved", "commentReply", "newMessage"].includes(spec.kind);
}

/** The notices: what happened, a quoted excerpt where there is one, and the one place to act on it. */
function noticeProps(
  t: ReturnType<typeof serverT>,
  locale: Locale,
  site: string,
  footer: string,
  spec: NoticeSpec,
): { subject: string; props: MessageProps } {
  const base = { locale, siteName: site, footer };
  const quote = (text: string) => t("mail.message.quote", { text });
  const action = (key: MessageKey, href: string) => ({ label: t(key), href, fallback: t("mail.message.linkFallback") });
  switch (spec.kind) {
    case "commentWaiting": {
      const vars = { site, author: spec.author, page: spec.page };
      return {
        subject: t("mail.message.waiting.subject", vars),
        props: {
          ...base,
          title: t("mail.message.waiting.title"),
          paragraphs: [t("mail.message.waiting.body", vars), quote(spec.excerpt)],
          action: action("mail.message.waiting.action", spec.link),
        },
      };
    }
    case "moderationDigest": {
      const vars = { site, count: formatNumber(spec.count, locale) };
      return {
        subject: t("mail.message.digest.subject", vars),
        props: {
          ...base,
          title: t("mail.message.digest.title", vars),
          paragraphs: [
            t("mail.message.digest.body", vars),
            ...spec.items.map((item) => t("mail.message.digest.item", { author: item.author, excerpt: item.excerpt })),
          ],
          action: action("mail.message.waiting.action", spec.link),
        },
      };
    }
    case "commentApproved": {
      const vars = { site, page: spec.page };
      return {
        subject: t("mail.message.approved.subject", vars),
        props: {
          ...base,
          title: t("mail.message.approved.title"),
          paragraphs: [t("mail.message.approved.body", vars), quote(spec.excerpt)],
          action: action("mail.message.approved.action", spec.link),
        },
      };
    }
    case "commentReply": {
      const vars = { site, author: spec.author, page: spec.page };
      return {
        subject: t("mail.message.reply.subject", vars),
        props: {
          ...base,
          title: t("mail.message.reply.title", vars),
          paragraphs: [t("mail.message.reply.body", vars), quote(spec.excerpt)],
          action: action("mail.message.reply.action", spec.link),
        },
      };
    }
    case "newMessage":
      return {
        subject: t("mail.message.inbox.subject", { site }),
        props: {
          ...base,
          title: t("mail.message.inbox.title"),
          paragraphs: [t("mail.message.inbox.body", { site })],
          action: action("mail.message.inbox.action", spec.link),
        },
      };
  }
}
