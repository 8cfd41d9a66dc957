import type { Locale } from "~/i18n/locales";

export type Localized = Record<Locale, string>;

/** The app configuration (site names, descriptions, footer, categories, theme), stored as the "app" setting. */
export interface AppConfig {
  installed: boolean;
  siteName: Localized;
  title: Localized;
  description: Localized;
  footer: Localized;
  categories: string[];
  theme: { primary: string };
  comments: { allowAnonymous: boolean; moderationWords: string[] };
  visitLog: { enabled: boolean; retentionDays: number; respectDoNotTrack: boolean; keepFullAddresses: boolean };
}

export const defaultCategories = ["books", "notes", "projects", "tuts"];

/** What the site shows before the installer has stored a configuration. */
export const defaultAppConfig: AppConfig = {
  installed: false,
  siteName: { fa: "دفتر", en: "Daftar" },
  title: { fa: "دفتر", en: "Daftar" },
  description: { fa: "یادداشت‌های یک برنامه‌نویس", en: "A developer's notebook" },
  footer: { fa: "نوشته‌شده با عشق، به فارسی و انگلیسی.", en: "Written with care, in Persian and English." },
  categories: defaultCategories,
  theme: { primary: "zinc" },
  comments: { allowAnonymous: true, moderationWords: [] },
  visitLog: { enabled: true, retentionDays: 90, respectDoNotTrack: true, keepFullAddresses: false },
};

/** What every page needs of the configuration, in one locale. */
export interface SiteInfo {
  name: string;
  title: string;
  description: string;
  footer: string;
  categories: string[];
}

export function siteInfo(config: AppConfig, locale: Locale): SiteInfo {
  return {
    name: config.siteName[locale],
    title: config.title[locale],
    description: config.description[locale],
    footer: config.footer[locale],
    categories: config.categories,
  };
}
