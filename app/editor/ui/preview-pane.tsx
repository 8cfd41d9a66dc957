import { useEffect, useState } from "react";
import { dirOf, type Locale } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import { Spinner } from "~/ui/spinner";
import { useApi } from "~/ui/use-api";

/** The page as the site will show it: the markdown rendered by the site's own renderer, on the server. */
export function PreviewPane({ locale, markdown, title }: { locale: Locale; markdown: string; title: string }) {
  const t = useT();
  const api = useApi();
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    setHtml(null);
    setFailed(null);
    void api<{ html: string }>("/api/builds/preview", {
      body: { locale, markdown },
      signal: controller.signal,
    }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) setHtml(result.data.html);
      else setFailed(result.message);
    });
    return () => controller.abort();
  }, [api, locale, markdown]);
  return (
    <article
      className="min-h-[55vh] rounded-lg border px-4 py-5 sm:px-6"
      dir={dirOf(locale)}
      lang={locale}
      aria-busy={html === null && !failed}
      data-testid="preview"
    >
      <h1 className="text-3xl leading-tight font-black tracking-tight">{title}</h1>
      {failed ? (
        <p role="alert" className="mt-6 text-sm text-destructive">
          {failed}
        </p>
      ) : html === null ? (
        <p className="mt-6 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t("editor.preview.loading")}
        </p>
      ) : markdown.trim() === "" ? (
        <p className="mt-6 text-sm text-muted-foreground">{t("editor.preview.empty")}</p>
      ) : (
        <div className="prose mt-8" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </article>
  );
}
