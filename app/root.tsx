import vazirmatnPersian from "./ui/fonts/vazirmatn-persian.woff2?url";
import vazirmatnLatin from "./ui/fonts/vazirmatn-latin.woff2?url";
import {
  data,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { lazy, Suspense, useEffect } from "react";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { sessionUserOf } from "./auth/current-user.server";
import { AdminButton } from "./auth/ui/admin-button";
import { AvatarMenu } from "./auth/ui/avatar-menu";
import { IdentitySync } from "~/auth/ui/identity-sync";
import { pickMessages } from "./i18n/catalogs.server";
import { formatYear } from "./i18n/format";
import { dirOf, localeCookieName, localizePath, parseLocalizedPath } from "./i18n/locales";
import { usePageAddress, usePageLocales } from "./i18n/page-locales";
import { useT } from "./i18n/use-t";
import { readCookie } from "./lib/cookies";
import { mergeHeaders } from "./lib/headers";
import { redirectTarget } from "./lib/redirect-target";
import { secureCookies, siteOrigin } from "./lib/site-origin.server";
import { SearchBox } from "./content/ui/search-box";
import { recentDatabaseHealth } from "./db/health.server";
import { appConfigOrDefaults } from "./settings/app-config.server";
import { menuLinks } from "./content/menu.server";
import { siteInfo } from "./settings/app-config";
import { hasSetupToken, queryTokenIsValid, setupCookie, setupQueryName } from "./install/setup-token.server";
import { describeError, errorTitle } from "./shell/meta";
import { useRootData, type RootData } from "./shell/root-data";
import { rootData, rootT } from "./shell/route-meta";
import { ErrorView } from "./shell/ui/error-view";
import { SiteShell } from "./shell/ui/site-shell";
import { useNonce } from "./ui/nonce";
import { PageViewReporter } from "./traffic/ui/page-view-reporter";
import { requestInfoContext } from "./request-context";
import { colorModeScript } from "./ui/theme";
import { takeFlashToast } from "./ui/toast/flash.server";

const zodWithoutEval = "globalThis.__zod_globalConfig={jitless:true}";

export const links: Route.LinksFunction = () => [
  // With a precedence, React writes the stylesheet at the top of <head>, before everything else it writes there,
  // so the browser asks for it first: nothing paints before it arrives.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/icon-192.png", type: "image/png", sizes: "192x192" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ request, url: cleanUrl, context }: Route.LoaderArgs) {
  // `url` is the page's address; on client navigations request.url carries React Router's ".data" suffix.
  const url = new URL(cleanUrl);
  const { locale, prefix, path } = parseLocalizedPath(url.pathname);
  rememberedLanguageRedirect(request, url, prefix, path);
  // An unreachable database must not break the page: before installation the installer shows what is wrong;
  // an installed site answers 503 with a page saying so (and recovers by itself once the database answers).
  const config = await appConfigOrDefaults();
  const setup = config.installed ? undefined : setupAccess(request, url);
  const unreachable = config.installed && !(await recentDatabaseHealth()).reachable;
  // A document every reader shares is rendered as nobody's: who is signed in comes from the session's own call.
  const sharedDocument = context.get(requestInfoContext).sharedDocument && config.installed && !unreachable;
  const user = config.installed && !unreachable && !sharedDocument ? await sessionUserOf(request) : null;
  const { toast, clear } = takeFlashToast(request);
  const rootData: RootData = {
    locale,
    messages: pickMessages(locale, config.installed ? ["common"] : ["common", "install", "validation"]),
    site: siteInfo(config, locale),
    menu: await menuLinks(unreachable ? { ...config, installed: false } : config, locale),
    categories:
      config.installed && !unreachable
        ? config.categories.map(({ slug, name }) => ({ url: localizePath(`/${slug}`, locale), label: name[locale] }))
        : [],
    year: formatYear(new Date(), locale),
    origin: siteOrigin(request),
    installed: config.installed,
    unreachable,
    setup,
    flash: toast,
    user,
    sharedDocument,
  };
  const headers = new Headers();
  if (clear) headers.append("Set-Cookie", clear);
  // A page that shows who is signed in is for that person only: never stored by shared caches.
  if (user) headers.set("Cache-Control", "private, no-store");
  if (unreachable) {
    headers.set("Cache-Control", "no-store");
    headers.set("Retry-After", "30");
  }
  // The status is also forced in entry.server.tsx: a page loader failing on the same database would make it 500.
  return data(rootData, { headers, status: unreachable ? 503 : undefined });
}

/**
 * While the site is not installed: `?setup=<token>` in any address stores the token in an HttpOnly cookie and
 * reloads the address without it (so it stays out of history and referrers); a wrong one is reported.
 */
function setupAccess(request: Request, url: URL): RootData["setup"] {
  const given = url.searchParams.get(setupQueryName);
  if (given !== null) {
    if (!queryTokenIsValid(url)) return { authorized: hasSetupToken(request), invalid: true };
    url.searchParams.delete(setupQueryName);
    throw redirect(redirectTarget(url.pathname + url.search) ?? "/", {
      headers: { "Set-Cookie": setupCookie(given, secureCookies(request)), "Cache-Control": "no-store" },
    });
  }
  return { authorized: hasSetupToken(request), invalid: false };
}

/**
 * Someone who chose English and arrives from elsewhere (a bookmark, a typed address, another site) at an
 * unprefixed — Persian — address is taken to the English page. Navigation inside the site never redirects.
 */
function rememberedLanguageRedirect(request: Request, url: URL, prefix: string, path: string) {
  if (prefix || request.method !== "GET" || request.headers.get("sec-fetch-mode") !== "navigate") return;
  if (readCookie(request.headers.get("cookie"), localeCookieName) !== "en") return;
  // A Referer that is no URL says nothing about where the visitor was: treated as elsewhere.
  const referer = request.headers.get("referer");
  if (referer && URL.parse(referer, url)?.origin === url.origin) return;
  const target = redirectTarget(localizePath(path, "en") + url.search) ?? localizePath("/", "en");
  throw redirect(target, { headers: { Vary: "Cookie" } });
}

// A page's refusal drawn by this boundary keeps the headers it was thrown with (a kept 410, a 503's Retry-After).
export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders, errorHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders, errorHeaders);

/**
 * The root's data (language, site, catalog, who is signed in) only changes when the language changes, a
 * submission changes it, or the page asks for it (a revalidation, as after login or logout: same address).
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search) return defaultShouldRevalidate;
  return parseLocalizedPath(currentUrl.pathname).locale !== parseLocalizedPath(nextUrl.pathname).locale;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const location = useLocation();
  const nonce = useNonce();
  const pageLocales = usePageLocales();
  const addressIn = usePageAddress();
  const { locale, path } = parseLocalizedPath(location.pathname);
  const origin = root?.origin ?? "";
  const page = new URLSearchParams(location.search).get("page");
  const query = page && page !== "1" ? `?page=${encodeURIComponent(page)}` : "";
  return (
    <html
      lang={locale}
      dir={dirOf(locale)}
      data-theme={root?.site.theme && root.site.theme !== "zinc" ? root.site.theme : undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#e5e7eb" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#18181b" media="(prefers-color-scheme: dark)" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: colorModeScript }} />
        {/* zod compiles object parsers with `new Function` unless told not to; the Content Security Policy forbids
            that, so every form would report a violation. Its shared setting must exist before zod's code runs,
            which can be before the entry script (route modules load first). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: zodWithoutEval }} />
        <Links />
        {/* The page's language's letters are preloaded, and on a Persian page the Latin ones too: Persian pages
            carry Latin words (names, code, "git"), and a font found only when the text is laid out starts after
            the stylesheet and holds the first paint back. An English page rarely shows Persian letters: that
            subset loads when they appear (its unicode-range). */}
        {(locale === "fa" ? [vazirmatnPersian, vazirmatnLatin] : [vazirmatnLatin]).map((font) => (
          <link key={font} rel="preload" href={font} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        <Meta />
        <link rel="canonical" href={origin + localizePath(path, locale) + query} />
        {pageLocales.map((alt) => (
          <link
            key={alt}
            rel="alternate"
            hrefLang={alt}
            href={origin + localizePath(addressIn(alt, path), alt) + query}
          />
        ))}
        <link
          rel="alternate"
          hrefLang="x-default"
          href={origin + localizePath(addressIn(pageLocales[0]!, path), pageLocales[0]!) + query}
        />
      </head>
      <body className="flex min-h-dvh flex-col antialiased">
        {children}
        <HydrationMarker />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

// The installer is only downloaded by sites that are not installed yet.
const InstallerScreen = lazy(() => import("./install/ui/installer-screen"));

/** Marks the document interactive (on every page, errors included); end-to-end tests wait for it. */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

function Installer({ setup }: { setup: RootData["setup"] }) {
  return (
    <Suspense>
      <InstallerScreen setup={setup ?? { authorized: false, invalid: false }} />
    </Suspense>
  );
}

export default function App() {
  const root = useRootData();
  if (root && !root.installed) return <Installer setup={root.setup} />;
  if (root?.unreachable) return <UnreachableDatabase />;
  return (
    <SiteShell search={<SearchBox />} avatar={<AvatarMenu />} admin={<AdminButton />}>
      <Outlet />
      <IdentitySync />
      <PageViewReporter />
    </SiteShell>
  );
}

export const meta: Route.MetaFunction = ({ error, matches, location }) => {
  if (!error) return [];
  // Before installation every page answers 503 and shows the installer: it is titled as the installer.
  const root = rootData(matches);
  if (root && !root.installed)
    return [{ title: rootT(matches)("install.title") }, { name: "robots", content: "noindex" }];
  const locale = parseLocalizedPath(location.pathname).locale;
  const info = root?.unreachable
    ? { status: 503, message: rootT(matches)("common.error.databaseUnreachable") }
    : describeError(error, rootT(matches));
  return [{ title: errorTitle(info, locale) }, { name: "robots", content: "noindex" }];
};

/** The page of every address while the database cannot be reached (status 503, see the root loader). */
function UnreachableDatabase() {
  const t = useT();
  return (
    <SiteShell search={<SearchBox />} avatar={<AvatarMenu />} admin={<AdminButton />}>
      <ErrorView status={503} message={t("common.error.databaseUnreachable")} />
    </SiteShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const root = useRootData();
  if (root && !root.installed) return <Installer setup={root.setup} />;
  // A page's own loader failing on the unreachable database is the same outage, not an internal error.
  if (root?.unreachable) return <UnreachableDatabase />;
  const info = describeError(error, t);
  if (!(error && typeof error === "object" && "status" in error)) console.error(error);
  return (
    <SiteShell search={<SearchBox />} avatar={<AvatarMenu />} admin={<AdminButton />}>
      {/* Not loaded on use: an error page often follows a failed download, and must not need one. */}
      <ErrorView status={info.status} message={info.message} reason={info.reason} />
    </SiteShell>
  );
}
