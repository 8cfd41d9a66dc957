/**
 * The newsletter's form, on posts and in the footer: a plain HTML form posting to /newsletter, so it works without
 * JavaScript, adds none to the page, and is the same for every reader (the page is kept whole for all of them). Its
 * controls are plain elements drawn like ~/ui's: importing those would bring their class merging into every page.
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
          placeholder={t("common.email.placeholder")}
          className="h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
        />
        <select
          name="languages"
          defaultValue={locale}
          aria-label={t("common.newsletter.languages")}
          className="h-10 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
        >
          <option value="fa">{t("common.newsletter.fa")}</option>
          <option value="en">{t("common.newsletter.en")}</option>
          <option value="both">{t("common.newsletter.both")}</option>
        </select>
        <button
          type="submit"
          className="h-10 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {t("common.newsletter.submit")}
        </button>
      </div>
    </form>
  );
}
