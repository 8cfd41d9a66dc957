import { useEffect, useRef } from "react";
import { useT } from "~/i18n/use-t";
import { useSiteInfo } from "../app-config";
import type { TextFieldProps } from "~/ui/use-api-form";
import { themeColors, type ThemeColor } from "../app-config";

/** Each colour's swatch as the site draws it: its light shade, and its dark-mode shade. */
const swatch: Record<ThemeColor, string> = {
  zinc: "bg-zinc-900 dark:bg-zinc-50",
  slate: "bg-slate-700 dark:bg-slate-400",
  stone: "bg-stone-700 dark:bg-stone-400",
  red: "bg-red-700 dark:bg-red-400",
  rose: "bg-rose-700 dark:bg-rose-400",
  orange: "bg-orange-700 dark:bg-orange-400",
  amber: "bg-amber-700 dark:bg-amber-400",
  green: "bg-green-700 dark:bg-green-400",
  teal: "bg-teal-700 dark:bg-teal-400",
  blue: "bg-blue-700 dark:bg-blue-400",
  indigo: "bg-indigo-700 dark:bg-indigo-400",
  violet: "bg-violet-700 dark:bg-violet-400",
};

/**
 * The primary colour as a group of radio buttons, each a swatch with its name. The page previews the colour
 * chosen (its buttons and highlights take it) until the form is saved or left.
 */
export function ThemePicker({ field, error, disabled }: { field: TextFieldProps; error?: string; disabled?: boolean }) {
  const t = useT();
  const saved = useSiteInfo()?.theme ?? "zinc";
  const savedRef = useRef(saved);
  useEffect(() => {
    savedRef.current = saved;
  }, [saved]);
  useEffect(() => {
    const html = document.documentElement;
    const show = (theme: string) => {
      if (theme === "zinc") delete html.dataset.theme;
      else html.dataset.theme = theme;
    };
    show(field.value);
    // Leaving (or saving, which starts the form again) shows the stored colour.
    return () => show(savedRef.current);
  }, [field.value]);
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? "theme-error" : undefined} data-testid="theme-picker">
      <legend className="mb-1 text-sm font-medium">{t("settings.field.themePrimary")}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        {themeColors.map((color) => (
          <label
            key={color}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
          >
            <input
              type="radio"
              name={field.name}
              value={color}
              checked={field.value === color}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={disabled}
              className="sr-only"
              data-testid={`theme-${color}`}
            />
            <span aria-hidden className={`size-5 shrink-0 rounded-full ring-1 ring-border ${swatch[color]}`} />
            {t(`settings.theme.${color}`)}
          </label>
        ))}
      </div>
      {error ? (
        <p id="theme-error" className="text-sm text-destructive" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
