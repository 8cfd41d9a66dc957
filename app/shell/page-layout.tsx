import type { ReactNode } from "react";

/**
 * A page of reading: the prose column and, beside it on wide screens (above it on narrow ones), the table of
 * contents slot.
 */
export function PageLayout({ children, toc }: { children: ReactNode; toc?: ReactNode }) {
  if (!toc) return <div className="mx-auto max-w-3xl">{children}</div>;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 lg:grid-cols-[minmax(0,1fr)_16rem]">
      <div className="min-w-0">{children}</div>
      <aside className="order-first lg:order-none">
        <div className="lg:sticky lg:top-20">{toc}</div>
      </aside>
    </div>
  );
}

/** Rendered markdown: the HTML was sanitised on the server when it was rendered. */
export function Prose({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
