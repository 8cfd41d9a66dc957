import { useRouteLoaderData } from "react-router";
import type { Locale } from "~/i18n/locales";
import type { Messages } from "~/i18n/translate";
import type { SiteInfo } from "~/settings/app-config";
import type { ToastInput } from "~/ui/toast/types";
import type { SessionUser } from "~/auth/session-user";
import type { MenuLink } from "./nav-items";

/** What the root loader gives every page. */
export interface RootData {
  locale: Locale;
  messages: Messages;
  site: SiteInfo;
  /** The header menu in this locale (the owner's, from the settings). */
  menu: MenuLink[];
  /** The categories' pages in this locale, for the header and the phone drawer. */
  categories: { url: string; label: string }[];
  /** The current year in the locale's calendar, computed on the server so hydration matches. */
  year: string;
  /** Absolute origin used for canonical and alternate links. */
  origin: string;
  installed: boolean;
  /** The site is installed but its database cannot be reached: every page answers 503 until it comes back. */
  unreachable: boolean;
  /** Only while not installed: whether this browser holds the setup token, and whether a wrong one was given. */
  setup?: { authorized: boolean; invalid: boolean };
  flash: ToastInput | null;
  /**
   * Who is signed in, for the header and the browser identity; permissions only decide what to show. Read it
   * with `useSessionUser` (app/auth/session-user.ts): null here in a shared document.
   */
  user: SessionUser | null;
  /**
   * The document is every reader's (a public content page, kept by the document cache): rendered with nobody's
   * session, so who is signed in comes after it from the session's own call.
   */
  sharedDocument: boolean;
}

/** The root loader's data; undefined only while rendering an error raised by the root loader itself. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
