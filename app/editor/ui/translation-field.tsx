import { otherLocale, type Locale } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";

/**
 * The page's linked translation: the address of the same text in the other language, whatever its address. The
 * language switch, the hreflang links and the sitemap follow it; without it, the page at the same address is
 * taken for the translation. Empty unlinks.
 */
export function TranslationField({
  locale,
  value,
  onChange,
  error,
}: {
  locale: Locale;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const t = useT();
  const language = t(`editor.language.${otherLocale(locale)}`);
  return (
    <Field
      label={t("editor.field.translation", { language })}
      hint={value ? t("editor.field.translationLinked") : t("editor.field.translationHint")}
      optional={t("editor.optional")}
      error={error}
    >
      {(control) => (
        <div className="flex gap-2">
          <Input
            id={control.id}
            aria-invalid={control["aria-invalid"]}
            aria-describedby={control["aria-describedby"]}
            value={value}
            onChange={(event) => onChange(event.target.value.trim())}
            dir="auto"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="/notes/…"
            data-testid="translation-input"
          />
          {value ? (
            <Button variant="outline" onClick={() => onChange("")} data-testid="translation-unlink">
              {t("editor.field.translationUnlink")}
            </Button>
          ) : null}
        </div>
      )}
    </Field>
  );
}
