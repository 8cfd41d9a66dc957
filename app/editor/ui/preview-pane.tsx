import { dirOf, type Locale } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import { Spinner } from "~/ui/spinner";
import { useApiQuery } from "~/ui/use-api";

/**
 * The page as the site will show it: the markdown rendered by the site's own renderer, on the server. Loaded on use
 * (the editor's preview tab).
 */
export default function PreviewPane({ locale, markdown, title }: { locale: Locale; markdown: string; title: string }) {
  const t = useT();
  // The answer for the markdown as it is now: a preview of older text is never shown as the current one.
  const preview = useApiQuery<{ html: string }>("/api/builds/preview", { body: { locale, markdown } });
  const current = preview.data
    ? { html: preview.data.html, failure: undefined }
    : preview.error
      ? { html: undefined, failure: preview.error.message }
      : null;
  return (
    <article
      className="min-h-[55vh] rounded-lg border px-4 py-5 sm:px-6"
      dir={dirOf(locale)}
      lang={locale}
      aria-busy={current === null}
      data-testid="preview"
    >
      <h1 className="text-3xl leading-tight font-black tracking-tight">{title}</h1>
      {current?.failure ? (
        <p role="alert" className="mt-6 text-sm text-destructive">
          {current.failure}
        </p>
      ) : current === null ? (
        <p className="mt-6 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t("editor.preview.loading")}
        </p>
      ) : markdown.trim() === "" ? (
        <p className="mt-6 text-sm text-muted-foreground">{t("editor.preview.empty")}</p>
      ) : (
        <div className="prose mt-8" dangerouslySetInnerHTML={{ __html: current.html ?? "" }} />
      )}
    </article>
  );
}
