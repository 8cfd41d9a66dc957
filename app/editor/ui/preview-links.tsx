import { useState } from "react";
import type { PreviewLink } from "~/builds/previews.server";
import type { Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Icon } from "~/ui/icon";
import { Input } from "~/ui/input";
import { Moment } from "~/ui/moment";
import { useApiAction, useApiQuery } from "~/ui/use-api";

/**
 * The page's private preview links: make one (its address is shown once, to copy), see the writer's live links
 * to this page with when each ends, and revoke one. Anyone holding a link reads the page as its open build or
 * draft will show it, without signing in, until it expires or is revoked.
 */
export function PreviewLinks({ locale, path, saved }: { locale: Locale; path: string; saved: boolean }) {
  const t = useT();
  const readerLocale = useLocale();
  const links = useApiQuery<{ links: PreviewLink[] }>(saved ? "/api/builds/preview-links" : null);
  const action = useApiAction();
  const [made, setMade] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const mine = links.data?.links.filter((link) => link.locale === locale && link.path === path) ?? [];
  if (!saved) return <p className="text-sm text-muted-foreground">{t("editor.preview.saveFirst")}</p>;
  return (
    <div className="grid gap-3" data-testid="preview-links">
      <p className="text-sm text-muted-foreground">{t("editor.preview.about")}</p>
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={action.pending}
        onClick={() =>
          void action.run<{ url: string }>("/api/builds/preview-links", {
            method: "POST",
            body: { locale, path },
            revalidate: false,
            onSuccess: (data) => {
              setMade(data.url);
              setCopied(false);
              links.refetch();
            },
          })
        }
        data-testid="preview-make"
      >
        <Icon name="link" className="size-4" />
        {t("editor.preview.make")}
      </Button>
      {made ? (
        <div className="flex items-center gap-2">
          <Input
            readOnly
            dir="ltr"
            value={made}
            aria-label={t("editor.preview.address")}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="preview-url"
          />
          <Button
            type="button"
            variant="outline"
            onClick={() => void navigator.clipboard?.writeText(made).then(() => setCopied(true))}
            data-testid="preview-copy"
          >
            <Icon name={copied ? "check" : "copy"} className="size-4" />
            {copied ? t("editor.preview.copied") : t("editor.preview.copy")}
          </Button>
        </div>
      ) : null}
      {mine.length > 0 ? (
        <ul className="grid gap-2" aria-label={t("editor.preview.live")}>
          {mine.map((link) => (
            <li
              key={link.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
              data-testid="preview-link"
            >
              <span className="text-muted-foreground">
                {t("editor.preview.ends")} <Moment iso={link.expiresAt} locale={readerLocale} />
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={action.pending}
                onClick={() =>
                  void action.run(`/api/builds/preview-links`, {
                    method: "DELETE",
                    body: { id: link.id },
                    revalidate: false,
                    onSuccess: () => {
                      setMade(null);
                      links.refetch();
                    },
                  })
                }
                data-testid="preview-revoke"
              >
                {t("editor.preview.revoke")}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
