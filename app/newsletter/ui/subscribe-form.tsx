/**
 * The newsletter's form, on posts and in the footer: a plain HTML form posting to /newsletter, so it works without
 * JavaScript, adds none to the page, and is the same for every reader (the page is kept whole for all of them).
 */
import { useId } from "react";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";

export function SubscribeForm({ className = "" }: { className?: string }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  return (
    <form
      method="post"
      action={localizePath("/newsletter", locale)}
      className={`flex flex-col gap-2 ${className}`}
      data-testid="newsletter-form"
    >
      <label htmlFor={`${id}-email`} className="text-sm font-medium text-foreground">
        {t("common.newsletter.label")}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          dir="ltr"
          placeholder={t("common.newsletter.placeholder")}
          className="h-9 min-w-0 flex-1 rounded-md border bg-background px-3 text-sm"
        />
        <select
          name="languages"
          defaultValue={locale}
          aria-label={t("common.newsletter.languages")}
          className="h-9 rounded-md border bg-background px-2 text-sm"
        >
          <option value="fa">{t("common.newsletter.fa")}</option>
          <option value="en">{t("common.newsletter.en")}</option>
          <option value="both">{t("common.newsletter.both")}</option>
        </select>
        <button
          type="submit"
          className="h-9 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90"
        >
          {t("common.newsletter.submit")}
        </button>
      </div>
    </form>
  );
}
