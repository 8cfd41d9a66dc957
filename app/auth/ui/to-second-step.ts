import { secondStepPath } from "~/auth/second-step-path";
import type { Locale } from "~/i18n/locales";

/**
 * After a first factor whose account has a second one (the answer says `secondStep`): to the page that asks for
 * it, coming back afterwards where the sign-in would have gone (the login page's `redirectTo`, or this page).
 */
export function toSecondStep(locale: Locale, back?: string): void {
  const here = window.location;
  const target = back ?? new URLSearchParams(here.search).get("redirectTo") ?? here.pathname + here.search;
  window.location.assign(secondStepPath(locale, target));
}
