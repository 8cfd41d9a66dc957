/**
 * The frame of every message the site sends, drawn with React Email's parts (tables and inline styles that mail
 * programs understand): Persian right to left in the site's font stack, English left to right. A link the
 * message carries is also written out in full, for programs that do not show the button.
 */
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties } from "react";
import type { Locale } from "~/i18n/locales";

/** The site's font first (where the reader has it), then what mail programs have for Persian. */
const fontStack = '"Vazirmatn Variable", Vazirmatn, Tahoma, "Segoe UI", ui-sans-serif, system-ui, sans-serif';

export interface MessageProps {
  locale: Locale;
  siteName: string;
  title: string;
  paragraphs: string[];
  action?: { label: string; href: string; fallback: string };
  /** Linked items listed after the paragraphs (a newsletter's posts), each with an optional line under it. */
  links?: { label: string; href: string; note?: string }[];
  footer: string;
  /** The message's unsubscribe link, shown in the footer (and sent as its List-Unsubscribe header). */
  unsubscribe?: { href: string; label: string };
}

export function MessageLayout({
  locale,
  siteName,
  title,
  paragraphs,
  action,
  links,
  footer,
  unsubscribe,
}: MessageProps) {
  const dir = locale === "fa" ? "rtl" : "ltr";
  const align = dir === "rtl" ? "right" : "left";
  const text: CSSProperties = {
    fontFamily: fontStack,
    fontSize: "16px",
    lineHeight: "1.8",
    color: "#1c1917",
    textAlign: align,
  };
  return (
    <Html lang={locale} dir={dir}>
      <Head />
      <Preview>{title}</Preview>
      <Body style={{ backgroundColor: "#f5f5f4", margin: 0, padding: "24px 0", direction: dir, fontFamily: fontStack }}>
        <Container
          style={{
            backgroundColor: "#ffffff",
            borderRadius: "12px",
            maxWidth: "560px",
            padding: "32px",
            direction: dir,
          }}
        >
          <Text style={{ ...text, fontSize: "14px", color: "#57534e", margin: 0 }}>{siteName}</Text>
          <Text style={{ ...text, fontSize: "22px", fontWeight: 800, margin: "8px 0 16px" }}>{title}</Text>
          {paragraphs.map((paragraph) => (
            <Text key={paragraph} style={text}>
              {paragraph}
            </Text>
          ))}
          {links?.map((link) => (
            <Section key={link.href} style={{ margin: "16px 0" }}>
              {/* A post in the other language keeps its own direction (dir="auto"). */}
              <Link
                href={link.href}
                dir="auto"
                style={{ ...text, color: "#1d4ed8", fontWeight: 700, fontSize: "18px", display: "block" }}
              >
                {link.label}
              </Link>
              {link.note ? (
                <Text dir="auto" style={{ ...text, margin: "4px 0 0", color: "#57534e" }}>
                  {link.note}
                </Text>
              ) : null}
            </Section>
          ))}
          {action ? (
            <Section style={{ textAlign: align, margin: "24px 0" }}>
              <Button
                href={action.href}
                style={{
                  fontFamily: fontStack,
                  backgroundColor: "#1c1917",
                  color: "#ffffff",
                  borderRadius: "8px",
                  padding: "12px 20px",
                  fontWeight: 700,
                  fontSize: "16px",
                }}
              >
                {action.label}
              </Button>
            </Section>
          ) : null}
          {action ? (
            <Text style={{ ...text, fontSize: "13px", color: "#57534e" }}>
              {action.fallback}
              <br />
              <Link href={action.href} dir="ltr" style={{ color: "#1d4ed8", wordBreak: "break-all" }}>
                {action.href}
              </Link>
            </Text>
          ) : null}
          <Hr style={{ borderColor: "#e7e5e4", margin: "24px 0" }} />
          <Text style={{ ...text, fontSize: "13px", color: "#78716c", margin: 0 }}>{footer}</Text>
          {unsubscribe ? (
            <Text style={{ ...text, fontSize: "13px", color: "#78716c", margin: "8px 0 0" }}>
              <Link href={unsubscribe.href} style={{ color: "#57534e", textDecoration: "underline" }}>
                {unsubscribe.label}
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}
