import { useRouteLoaderData } from "react-router";
import type { Locale } from "~/i18n/locales";

export type Localized = Record<Locale, string>;

/** A category of posts: its address (`/<slug>`) and its name in each language. */
export interface Category {
  slug: string;
  name: Localized;
}

/** The primary colours a site can take; each is a palette of app.css (`html[data-theme]`). */
export const themeColors = [
  "zinc",
  "slate",
  "stone",
  "red",
  "rose",
  "orange",
  "amber",
  "green",
  "teal",
  "blue",
  "indigo",
  "violet",
] as const;
export type ThemeColor = (typeof themeColors)[number];

/**
 * Who may clone the site's repository (`<site>/git/content.git`): anyone, the public pages only (what the site
 * shows: no drafts); people who may read builds, the whole repository with drafts (signing in with their user
 * name and password); or nobody (not served).
 */
export const repositoryAccesses = ["public", "builds", "off"] as const;
export type RepositoryAccess = (typeof repositoryAccesses)[number];

/**
 * What a menu item leads to: a page (its address without a locale prefix), a category (its slug), a tag (as
 * posts write it) or an outside link (an http or https address).
 */
export const menuKinds = ["page", "category", "tag", "link"] as const;
export type MenuKind = (typeof menuKinds)[number];

/**
 * One item of the header menu. A label left empty in a language is the target's own name there (the page's
 * title, the category's name, the tag, the link's host).
 */
export interface MenuItem {
  kind: MenuKind;
  target: string;
  label: Localized;
}

/** What the menu card offers to link to: the public pages that are not posts, the categories and the tags. */
export interface MenuChoices {
  pages: { path: string; title: string }[];
  categories: { slug: string; name: string }[];
  tags: string[];
}

/** The app configuration (site names, descriptions, footer, categories, theme), stored as the "app" setting. */
export interface AppConfig {
  installed: boolean;
  siteName: Localized;
  title: Localized;
  description: Localized;
  footer: Localized;
  categories: Category[];
  theme: { primary: ThemeColor };
  comments: {
    allowAnonymous: boolean;
    moderationWords: string[];
    /** Whether comments may contain web addresses at all. */
    allowLinks: boolean;
    /** A comment with more links than this waits for moderation. */
    maxLinks: number;
  };
  visitLog: { enabled: boolean; retentionDays: number; respectDoNotTrack: boolean; keepFullAddresses: boolean };
  /** The image key of the site icon's source (settings), or null for the bundled icon. */
  icon: string | null;
  repository: { access: RepositoryAccess };
  /** The header menu (and the phone drawer's), in its order. */
  menu: MenuItem[];
  /**
   * Whether members whose roles manage users, settings or publishing must have a second factor (an authenticator
   * app or a passkey) before they may do any of it.
   */
  signIn: { requireSecondFactor: boolean };
}

/** The four categories a new site starts with, named as the bundled content names them. */
export const defaultCategories: Category[] = [
  { slug: "books", name: { fa: "کتاب‌ها", en: "Books" } },
  { slug: "notes", name: { fa: "یادداشت‌ها", en: "Notes" } },
  { slug: "projects", name: { fa: "پروژه‌ها", en: "Projects" } },
  { slug: "tuts", name: { fa: "آموزش‌ها", en: "Tutorials" } },
];

/** The menu a site starts with: Home, Logs, About and Contact. */
export const defaultMenu: MenuItem[] = [
  { kind: "page", target: "/", label: { fa: "خانه", en: "Home" } },
  { kind: "page", target: "/logs", label: { fa: "نوشته‌ها", en: "Logs" } },
  { kind: "page", target: "/about", label: { fa: "درباره", en: "About" } },
  { kind: "page", target: "/contact", label: { fa: "تماس", en: "Contact" } },
];

/** What the site shows before the installer has stored a configuration. */
export const defaultAppConfig: AppConfig = {
  installed: false,
  siteName: { fa: "دفتر", en: "Daftar" },
  title: { fa: "دفتر", en: "Daftar" },
  description: { fa: "یادداشت‌های یک برنامه‌نویس", en: "A developer's notebook" },
  footer: { fa: "نوشته‌شده با عشق، به فارسی و انگلیسی.", en: "Written with care, in Persian and English." },
  categories: defaultCategories,
  theme: { primary: "zinc" },
  comments: { allowAnonymous: true, moderationWords: [], allowLinks: true, maxLinks: 2 },
  visitLog: { enabled: true, retentionDays: 90, respectDoNotTrack: true, keepFullAddresses: false },
  icon: null,
  repository: { access: "public" },
  menu: defaultMenu,
  signIn: { requireSecondFactor: false },
};

type Stored = Record<string, unknown>;

const isObject = (value: unknown): value is Stored =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Each field of `defaults` the stored object has with the same type; the default otherwise. */
function mergeSection<T extends object>(defaults: T, stored: unknown): T {
  if (!isObject(stored)) return { ...defaults };
  const out = { ...defaults } as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = stored[key];
    if (Array.isArray(fallback) ? Array.isArray(value) : typeof value === typeof fallback) out[key] = value;
  }
  return out as T;
}

/**
 * A stored category in any of the shapes the configuration has had: a bare slug (names came from the
 * catalogs then: the four defaults keep those names, others are named by their slug until renamed) or
 * `{ slug, name }`.
 */
function upgradeCategory(stored: unknown): Category | undefined {
  if (typeof stored === "string") {
    return defaultCategories.find((c) => c.slug === stored) ?? { slug: stored, name: { fa: stored, en: stored } };
  }
  if (!isObject(stored) || typeof stored.slug !== "string") return undefined;
  const fallback = defaultCategories.find((c) => c.slug === stored.slug)?.name ?? { fa: stored.slug, en: stored.slug };
  return { slug: stored.slug, name: mergeSection(fallback, stored.name) };
}

/** A stored menu item, or undefined when it is not one (a kind this version does not know, say). */
function upgradeMenuItem(stored: unknown): MenuItem | undefined {
  if (!isObject(stored) || typeof stored.target !== "string") return undefined;
  if (!(menuKinds as readonly unknown[]).includes(stored.kind)) return undefined;
  return {
    kind: stored.kind as MenuKind,
    target: stored.target,
    label: mergeSection({ fa: "", en: "" }, stored.label),
  };
}

/**
 * The configuration as stored, in whatever shape an older version wrote it, made whole: every section
 * present with its defaults filling what is missing or of the wrong type. Reading never fails on an old or
 * partial configuration; the next save writes the current shape.
 */
export function upgradeAppConfig(stored: unknown): AppConfig {
  const from = isObject(stored) ? stored : {};
  const categories = Array.isArray(from.categories)
    ? from.categories.map(upgradeCategory).filter((c): c is Category => c !== undefined)
    : defaultCategories;
  const theme = mergeSection(defaultAppConfig.theme, from.theme);
  const repository = mergeSection(defaultAppConfig.repository, from.repository);
  return {
    installed: from.installed === true,
    siteName: mergeSection(defaultAppConfig.siteName, from.siteName),
    title: mergeSection(defaultAppConfig.title, from.title),
    description: mergeSection(defaultAppConfig.description, from.description),
    footer: mergeSection(defaultAppConfig.footer, from.footer),
    // A slug appears once, the first time.
    categories: categories.filter((c, i) => categories.findIndex((other) => other.slug === c.slug) === i),
    theme: { primary: (themeColors as readonly string[]).includes(theme.primary) ? theme.primary : "zinc" },
    comments: mergeSection(defaultAppConfig.comments, from.comments),
    visitLog: mergeSection(defaultAppConfig.visitLog, from.visitLog),
    icon: typeof from.icon === "string" && /^[0-9a-f]{16}$/.test(from.icon) ? from.icon : null,
    // A site stored before the choice existed serves its public pages only, with nothing for the owner to do.
    repository: {
      access: (repositoryAccesses as readonly string[]).includes(repository.access) ? repository.access : "public",
    },
    // A site stored before the owner could choose its menu keeps the one it had.
    menu: Array.isArray(from.menu)
      ? from.menu.map(upgradeMenuItem).filter((item): item is MenuItem => item !== undefined)
      : defaultMenu,
    signIn: mergeSection(defaultAppConfig.signIn, from.signIn),
  };
}

/** What every page needs of the configuration, in one locale. */
export interface SiteInfo {
  name: string;
  /** The home page's heading. */
  title: string;
  description: string;
  footer: string;
  /** The primary colour (`<html data-theme>`). */
  theme: ThemeColor;
  /** Whether visitors who are not signed in may comment; otherwise they are invited to sign in. */
  anonymousComments: boolean;
}

export function siteInfo(config: AppConfig, locale: Locale): SiteInfo {
  return {
    name: config.siteName[locale],
    title: config.title[locale],
    description: config.description[locale],
    footer: config.footer[locale],
    theme: config.theme.primary,
    anonymousComments: config.comments.allowAnonymous,
  };
}

export function findCategory(config: AppConfig, slug: string): Category | undefined {
  return config.categories.find((category) => category.slug === slug);
}

/** The site as the root loader gives it to every page; undefined only while rendering the root's own error. */
export function useSiteInfo(): SiteInfo | undefined {
  return (useRouteLoaderData("root") as { site?: SiteInfo } | undefined)?.site;
}

/**
 * The title template: the page title, then the site name, then a bullet and the description (a site without a
 * description has no bullet).
 */
export function documentTitle(site: Pick<SiteInfo, "name" | "description"> | undefined, pageTitle?: string): string {
  if (!site) return pageTitle ?? "";
  const tail = site.description ? `${site.name} • ${site.description}` : site.name;
  return pageTitle ? `${pageTitle} | ${tail}` : tail;
}
