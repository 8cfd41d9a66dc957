import { localizePath, type Locale } from "~/i18n/locales";

/** The page that asks for the second factor, coming back to `back` (a path on this site) afterwards. */
export function secondStepPath(locale: Locale, back: string): string {
  return `${localizePath("/login/second-step", locale)}?redirectTo=${encodeURIComponent(back)}`;
}
