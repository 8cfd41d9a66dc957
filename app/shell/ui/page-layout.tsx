import type { ReactNode } from "react";

/**
 * A page of reading: an optional header, the prose column and, beside them on wide screens, the table of
 * contents slot. On narrow screens the table of contents comes between the header and the text.
 *
 * Every page's text starts at the main column's start edge (under the site's name) and is at most 48rem wide,
 * with or without a table of contents, so the text does not jump sideways from page to page.
 */
export function PageLayout({ children, toc, header }: { children: ReactNode; toc?: ReactNode; header?: ReactNode }) {
  if (!toc) {
    return (
      <div className="max-w-3xl">
        {header}
        {children}
      </div>
    );
  }
  return (
    <div className="grid gap-x-12 gap-y-8 lg:grid-cols-[minmax(0,48rem)_15rem] lg:justify-between">
      {header ? <div className="min-w-0">{header}</div> : null}
      <aside className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <div className="lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto">{toc}</div>
      </aside>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/**
 * Rendered markdown: the HTML was sanitised on the server when it was rendered. `className` places the text
 * (its margins); it goes on a wrapper, so that no class names are joined in code every public page loads.
 */
export function Prose({ html, className }: { html: string; className?: string }) {
  return (
    <div className={className}>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
