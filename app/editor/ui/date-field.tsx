import { useState } from "react";
import { useLocale, useT } from "~/i18n/use-t";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";
import { inputClass } from "~/ui/input";
import { lazyPart } from "~/ui/lazy-part";
import { Spinner } from "~/ui/spinner";
import { useLoadOnIntent } from "~/ui/use-load-on-intent";
import { readDate, writtenDate } from "../calendar";

/** The calendar's button, the same before and after its code arrives. */
export const calendarButton =
  "inline-flex size-10 shrink-0 items-center justify-center rounded-md border border-input hover:bg-accent";

const picker = lazyPart(() => import("./date-picker"));

/**
 * A date, stored ISO, typed and picked in the reader's calendar: Jalali with Persian digits in Persian
 * ("۱۴۰۵/۰۹/۰۴"; Persian, Arabic-Indic or Latin digits accepted), Gregorian in English. The calendar opens beside
 * the field; its code (./date-picker.tsx) loads on use. If it cannot be downloaded, `onPartFailed` says so and the
 * date can still be typed. Where a form has two dates, `label` names the calendar's button and `testId` its parts.
 */
export function DateField({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  onPartFailed,
  label,
  testId = "date",
}: {
  id?: string;
  /** What the calendar's button says it opens (default: the page's date). */
  label?: string;
  testId?: string;
  value: string;
  onChange: (iso: string) => void;
  invalid?: boolean;
  describedBy?: string;
  onPartFailed: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const pickerLabel = label ?? t("editor.field.date");
  const [typed, setTyped] = useState<string | null>(null);
  // Undefined until the calendar is first opened: until then neither its code nor its popover is needed.
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  const intent = useLoadOnIntent(picker.load);
  const shown = typed ?? (value ? writtenDate(locale, value) : "");
  const wrong = typed !== null && typed.trim() !== "" && readDate(locale, typed) === null;
  const commit = (text: string) => {
    if (text.trim() === "") onChange("");
    else {
      const iso = readDate(locale, text);
      if (iso) onChange(iso);
      else return;
    }
    setTyped(null);
  };
  return (
    <div className="flex gap-2">
      <input
        id={id}
        className={cn(inputClass, "h-10 min-w-0 flex-1 tabular-nums")}
        value={shown}
        placeholder={locale === "fa" ? "۱۴۰۵/۰۱/۰۱" : "2026-01-01"}
        inputMode="numeric"
        dir="ltr"
        aria-invalid={invalid || wrong || undefined}
        aria-describedby={describedBy}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={(event) => commit(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            commit(event.currentTarget.value);
          }
        }}
        data-testid={`${testId}-input`}
      />
      {open === undefined ? (
        <button
          type="button"
          aria-label={pickerLabel}
          aria-haspopup="dialog"
          className={calendarButton}
          onClick={() => setOpen(true)}
          {...intent}
          data-testid={`${testId}-picker-open`}
        >
          <Icon name="calendar" className="size-4" />
        </button>
      ) : (
        <picker.Part
          open={open}
          onOpenChange={setOpen}
          value={value}
          label={pickerLabel}
          testId={testId}
          onPick={(iso) => {
            onChange(iso);
            setTyped(null);
          }}
          fallback={
            <button
              type="button"
              aria-label={t("editor.part.loading")}
              aria-busy="true"
              className={calendarButton}
              data-testid={`${testId}-picker-pending`}
            >
              <Spinner />
            </button>
          }
          onFailed={() => {
            setOpen(undefined);
            onPartFailed();
          }}
        />
      )}
    </div>
  );
}
