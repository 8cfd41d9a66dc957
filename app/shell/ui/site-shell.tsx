import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { LoadingBar } from "~/ui/loading-bar";
import { Toaster } from "~/ui/toast/toaster";
import { useRootData } from "~/shell/root-data";
import { SiteFooter } from "./site-footer";
import { SiteHeader, type HeaderSlots } from "./site-header";

/** The default layout: header, the page, footer, and the app-wide loading bar and toasts. */
export function SiteShell({ children, ...slots }: { children: ReactNode } & HeaderSlots) {
  const t = useT();
  const root = useRootData();
  return (
    <>
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:start-2 focus:top-2"
      >
        {t("common.skipToContent")}
      </a>
      <LoadingBar />
      <SiteHeader {...slots} />
      <main id="content" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        {children}
      </main>
      <SiteFooter />
      <Toaster flash={root?.flash ?? null} />
    </>
  );
}
