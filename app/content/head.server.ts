/**
 * The `<head>` of content pages: title ("page title | site name • description"), description, Open Graph,
 * Twitter card, JSON-LD and the feed link. Built on the server and sent with the loader data, so the browser
 * bundle only passes it on.
 */
import type { MetaDescriptor } from "react-router";
import { serverT } from "~/i18n/catalogs.server";
import { locales, localizePath, otherLocale, type Locale } from "~/i18n/locales";
import { documentTitle } from "~/settings/app-config";
import type { SiteInfo } from "~/settings/app-config";
import { SHARE_IMAGE, shareImagePath } from "./share-image.server";
import { absoluteUrl, pageUrl } from "./urls.server";

const ogLocale: Record<Locale, string> = { fa: "fa_IR", en: "en_US" };
const languageTag: Record<Locale, string> = { fa: "fa-IR", en: "en" };

/** The picture shown when a page has no thumbnail of its own. */
export const defaultShareImage = { src: "/icon-512.png", width: 512, height: 512 };

export interface HeadInput {
  locale: Locale;
  origin: string;
  site: SiteInfo;
  /** Locale-neutral path of the page ("/notes/x"). */
  path: string;
  /** The languages the page exists in, when not all. */
  locales?: readonly Locale[];
  /** Absent on the home page, whose title is the site's. */
  title?: string;
  description: string;
  /**
   * The page's own words for search engines and social cards (front matter `seoTitle`, `seoDescription`): the
   * document's whole title, the description and the cards' title and description. The article's headline stays
   * its title.
   */
  seo?: { title?: string | null; description?: string | null };
  image?: {
    src: string;
    width?: number;
    height?: number;
    /** The image service's share image (a published media image). */
    share?: { src: string; width: number; height: number };
  } | null;
  article?: {
    published: string;
    modified: number;
    author: string | null;
    section: string | null;
    tags: string[];
  };
  /** Appended to the document title on later pages of a listing ("Page 2 of 3"). */
  pageLabel?: string;
  /** A category's or tag's page links its own feed (its address without locale prefix, and title), not the site's. */
  feed?: { path: string; title: string };
}

/**
 * A feed's address: "/feed.xml" for the site's, "<listing>/feed.xml" for a category's or a tag's ("/notes",
 * "/tags/<encoded tag>"). No page address can hold a dot, so "feed.xml" never names a page.
 */
export function feedPath(locale: Locale, listingPath = "/"): string {
  return localizePath(listingPath === "/" ? "/feed.xml" : `${listingPath}/feed.xml`, locale);
}

export function contentHead(input: HeadInput): MetaDescriptor[] {
  const { locale, origin, site } = input;
  const url = pageUrl(origin, input.path, locale);
  const heading = input.title ?? site.name;
  const pageTitle = [input.title, input.pageLabel].filter(Boolean).join(" – ") || undefined;
  const seoTitle = input.seo?.title || undefined;
  const cardTitle = seoTitle ?? heading;
  const description = input.seo?.description || input.description || site.description;
  // The page's own picture as a 1200×630 PNG when it is one of the site's images (social sites ignore SVG).
  const share = input.image && !input.image.share ? shareImagePath(input.image.src) : undefined;
  const image = input.image?.share ?? (share ? { src: share, ...SHARE_IMAGE } : (input.image ?? defaultShareImage));
  const imageUrl = absoluteUrl(origin, image.src);
  const hasOwnImage = Boolean(input.image);

  const head: MetaDescriptor[] = [
    { title: seoTitle ?? documentTitle(site, pageTitle) },
    { name: "description", content: description },
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: input.article ? "article" : "website" },
    { property: "og:title", content: cardTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: ogLocale[locale] },
    ...((input.locales ?? locales).includes(otherLocale(locale))
      ? [{ property: "og:locale:alternate", content: ogLocale[otherLocale(locale)] }]
      : []),
    { property: "og:image", content: imageUrl },
  ];
  if (image.width && image.height) {
    head.push(
      { property: "og:image:width", content: String(image.width) },
      { property: "og:image:height", content: String(image.height) },
    );
  }
  head.push(
    { name: "twitter:card", content: hasOwnImage ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: cardTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
  );

  const article = input.article;
  if (article) {
    head.push({ property: "article:published_time", content: article.published });
    head.push({ property: "article:modified_time", content: new Date(article.modified).toISOString() });
    if (article.section) head.push({ property: "article:section", content: article.section });
    for (const tag of article.tags) head.push({ property: "article:tag", content: tag });
    head.push({
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: heading,
        description,
        inLanguage: languageTag[locale],
        url,
        mainEntityOfPage: { "@type": "WebPage", "@id": url },
        datePublished: article.published,
        dateModified: new Date(article.modified).toISOString(),
        ...(article.author ? { author: { "@type": "Person", name: article.author } } : {}),
        ...(article.section ? { articleSection: article.section } : {}),
        ...(article.tags.length ? { keywords: article.tags.join(", ") } : {}),
        image: [imageUrl],
        publisher: {
          "@type": "Organization",
          name: site.name,
          logo: { "@type": "ImageObject", url: absoluteUrl(origin, defaultShareImage.src) },
        },
      },
    });
  } else if (input.path === "/") {
    head.push({
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: site.name,
        description: site.description,
        url,
        inLanguage: languageTag[locale],
      },
    });
  }

  head.push({
    tagName: "link",
    rel: "alternate",
    type: "application/atom+xml",
    title: input.feed?.title ?? serverT(locale)("content.feed.title", { site: site.name }),
    href: origin + feedPath(locale, input.feed?.path),
  });
  return head;
}
