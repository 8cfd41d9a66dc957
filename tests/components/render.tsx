/**
 * Renders a component or a screen as the app gives it: inside React Router (a memory router made by
 * `createRoutesStub`, so links, navigation, fetchers, blockers and revalidation work), at the page's address in
 * the chosen language (Persian unprefixed, English under /en, as the site's addresses are), with the root route's
 * data carrying that language's catalogs as loaders send them (every namespace unless the test names fewer), the
 * document's `lang` and `dir` set as the site's layout sets them, and the toast region. The JSON API is an `apiDouble` put in place of
 * `fetch` for the test.
 */
import { cleanup, configure, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLayoutEffect, type ComponentType, type ReactElement } from "react";
import { createRoutesStub, Outlet, useLocation, type LoaderFunction } from "react-router";
import { afterEach, vi } from "vitest";
import en from "~/i18n/catalogs/en";
import fa from "~/i18n/catalogs/fa";
import { dirOf, localizePath, type Locale } from "~/i18n/locales";
import { createTranslator, type MessageKey, type Messages, type Namespace, type Vars } from "~/i18n/translate";
import { defaultMenu } from "~/settings/app-config";
import type { RootData } from "~/shell/root-data";
import { dismissToast, toast } from "~/ui/toast/store";
import { Toaster } from "~/ui/toast/toaster";
import { apiDouble, releaseHeldAnswers, type ApiDouble } from "./api-double";

const catalogs: Record<Locale, Messages> = { fa, en };

// What a test waits for (a toast, a closed dialog, a new address) comes within milliseconds; the margin is for a
// busy two-core machine running other suites beside this one.
configure({ asyncUtilTimeout: 5000 });

/** A catalog's text in `locale`, placeholders filled as the app fills them: what a test expects to read. */
export function text(locale: Locale, key: MessageKey, vars?: Vars): string {
  return createTranslator(catalogs[locale], locale)(key, vars);
}

/** A catalog's namespaces in `locale`, as a loader sends them (`pickMessages`). */
export function messagesOf(locale: Locale, namespaces: Namespace[]): Messages {
  return Object.fromEntries(namespaces.map((namespace) => [namespace, catalogs[locale][namespace]]));
}

/** The root loader's data for a page in `locale`, with the catalog namespaces a page of the kind has. */
function rootData(locale: Locale, namespaces: Namespace[] | undefined, root: Partial<RootData>): RootData {
  return {
    locale,
    messages: namespaces ? messagesOf(locale, namespaces) : catalogs[locale],
    site: { name: "Daftar", title: "Daftar", description: "", footer: "", theme: "zinc" } as RootData["site"],
    menu: defaultMenu.map((item) => ({
      url: localizePath(item.target, locale),
      label: item.label[locale],
      external: false,
    })),
    categories: [],
    year: "",
    origin: "http://daftar.test",
    installed: true,
    unreachable: false,
    flash: null,
    user: null,
    sharedDocument: false,
    ...root,
  };
}

export interface RenderOptions {
  /** The page's language (default Persian). */
  locale?: Locale;
  /** The page's address without its language prefix, query included (default "/"). */
  path?: string;
  /** The page route's loader data (`useLoaderData`), also what its loader answers on a revalidation. */
  data?: Record<string, unknown>;
  /** The page route's loader, when a test needs to see it called (revalidation after a change). */
  loader?: LoaderFunction;
  /** The root loader's data beyond the language and catalogs (who is signed in, the site). */
  root?: Partial<RootData>;
  /**
   * The catalog namespaces the page has (the root's and its own loader's together); every namespace by default.
   * A test of texts that arrive later (a dialog fetching another route's data) gives fewer.
   */
  namespaces?: Namespace[];
  /** Other routes of the site with their loaders, for links and fetchers that reach them (addresses in full). */
  routes?: { path: string; loader: LoaderFunction }[];
  /** The API the page calls; a fresh one that knows no call by default. */
  api?: ApiDouble;
}

/**
 * Renders `page` (an element, or a route module's component reading `useLoaderData`) at `path` in `locale`.
 * Returns Testing Library's result with a user-event session, the API double and the router's current address.
 */
export function renderPage(page: ReactElement | ComponentType, options: RenderOptions = {}) {
  const locale = options.locale ?? "fa";
  const api = options.api ?? apiDouble();
  vi.stubGlobal("fetch", api.fetch);
  const [pathname, search = ""] = (options.path ?? "/").split("?");
  const pagePath = localizePath(pathname!, locale);
  const root = rootData(locale, options.namespaces, options.root ?? {});
  const pageData = options.data ?? {};
  const current = { location: "" };

  function Root() {
    const location = useLocation();
    // Read once the page shows it: a navigation renders in a transition that may not be committed yet.
    useLayoutEffect(() => {
      current.location = location.pathname + location.search;
    }, [location]);
    useLayoutEffect(() => {
      document.documentElement.lang = locale;
      document.documentElement.dir = dirOf(locale);
    }, []);
    return (
      <main>
        <Outlet />
        <Toaster flash={null} />
      </main>
    );
  }
  const Page = typeof page === "function" ? page : () => page;
  /** Any other address of the site: a link or a navigation that leaves the page arrives here. */
  function Elsewhere() {
    return <p>{`elsewhere: ${useLocation().pathname}`}</p>;
  }

  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: Root,
      loader: () => root,
      children: [
        {
          id: "page",
          path: pagePath.slice(1) || undefined,
          index: pagePath === "/" || undefined,
          Component: Page,
          loader: options.loader ?? (() => pageData),
        },
        ...(options.routes ?? []).map((route) => ({
          path: route.path.slice(1),
          loader: route.loader,
          Component: Elsewhere,
        })),
        { id: "elsewhere", path: "*", Component: Elsewhere },
      ],
    },
  ]);
  const result = render(
    <Stub
      initialEntries={[pagePath + (search ? `?${search}` : "")]}
      hydrationData={{ loaderData: { root, page: pageData } }}
    />,
  );
  return { ...result, user: userEvent.setup(), api, location: () => current.location };
}

/** The toasts on screen now (their titles and descriptions), read from the notifications region. */
export function toastTexts(locale: Locale): string[] {
  // `hidden`: while a modal dialog is open everything outside it is aria-hidden, the toasts too (screen readers
  // still hear them: Radix announces each in a live region of its own).
  const region = screen.queryByRole("region", {
    name: text(locale, "common.toast.viewport", { hotkey: "F8" }),
    hidden: true,
  });
  if (!region) return [];
  return within(region)
    .queryAllByRole("listitem", { hidden: true })
    .map((item) => item.textContent ?? "");
}

/** The toasts up to this id are closed. */
let closedThrough = 0;

afterEach(() => {
  releaseHeldAnswers();
  cleanup();
  vi.unstubAllGlobals();
  // The toast store lives as long as the module: close what this test raised, so the next starts with none.
  const last = toast({ title: "" });
  for (let id = closedThrough + 1; id <= last; id++) dismissToast(id);
  closedThrough = last;
  // What a form kept in the browser (the device identity a sign-in makes) stays with its test.
  localStorage.clear();
  document.documentElement.removeAttribute("dir");
  document.documentElement.removeAttribute("lang");
});
