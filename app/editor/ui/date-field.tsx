import { Popover, PopoverContent, PopoverTrigger } from "~/ui/popover";
import { useId, useState } from "react";
import { localizeDigits } from "~/i18n/format";
import type { Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";
import { inputClass } from "~/ui/input";
import {
  calendarDate,
  daysInMonth,
  isoDate,
  monthNames,
  readDate,
  todayIso,
  weekdayIndex,
  weekdayNames,
  writtenDate,
} from "../calendar";

/**
 * A date, stored ISO, typed and picked in the reader's calendar: Jalali with Persian digits in Persian
 * ("۱۴۰۵/۰۹/۰۴"; Persian, Arabic-Indic or Latin digits accepted), Gregorian in English. The calendar opens beside
 * the field.
 */
export function DateField({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id?: string;
  value: string;
  onChange: (iso: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
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
        data-testid="date-input"
      />
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger
          aria-label={t("editor.field.date")}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-md border border-input hover:bg-accent"
          data-testid="date-picker-open"
        >
          <Icon name="calendar" className="size-4" />
        </PopoverTrigger>
        <PopoverContent
          align="end"
          sideOffset={6}
          className="z-50 rounded-lg border bg-background p-3 shadow-lg"
          data-testid="date-picker"
        >
          <MonthGrid
            locale={locale}
            value={value || null}
            onPick={(iso) => {
              onChange(iso);
              setTyped(null);
              setOpen(false);
            }}
            onClear={() => {
              onChange("");
              setTyped(null);
              setOpen(false);
            }}
          />
        </PopoverContent>
      </Popover>
    </div>
  );
}

function MonthGrid({
  locale,
  value,
  onPick,
  onClear,
}: {
  locale: Locale;
  value: string | null;
  onPick: (iso: string) => void;
  onClear: () => void;
}) {
  const t = useT();
  const labelId = useId();
  const start = calendarDate(locale, value ?? todayIso());
  const [view, setView] = useState({ year: start.year, month: start.month });
  const months = monthNames(locale);
  const days = daysInMonth(locale, view.year, view.month);
  const first = isoDate(locale, { ...view, day: 1 })!;
  const offset = weekdayIndex(locale, first);
  const today = todayIso();
  const move = (delta: number) =>
    setView(({ year, month }) => {
      const index = year * 12 + (month - 1) + delta;
      return { year: Math.floor(index / 12), month: (index % 12) + 1 };
    });
  const digits = (n: number | string) => localizeDigits(String(n), locale);
  return (
    <div className="grid w-72 gap-2">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => move(-1)}
          aria-label={t("editor.calendar.previous")}
          className="inline-flex size-8 items-center justify-center rounded-md hover:bg-accent"
        >
          <Icon name="chevron-right" className="size-4 ltr:rotate-180" />
        </button>
        <p id={labelId} className="text-sm font-semibold" aria-live="polite">
          {months[view.month - 1]} {digits(view.year)}
        </p>
        <button
          type="button"
          onClick={() => move(1)}
          aria-label={t("editor.calendar.next")}
          className="inline-flex size-8 items-center justify-center rounded-md hover:bg-accent"
        >
          <Icon name="chevron-left" className="size-4 ltr:rotate-180" />
        </button>
      </div>
      <div role="grid" aria-labelledby={labelId} className="grid grid-cols-7 gap-1 text-center text-sm">
        <div role="row" className="contents">
          {weekdayNames(locale).map((name, i) => (
            <span key={i} role="columnheader" className="py-1 text-xs text-muted-foreground">
              {name}
            </span>
          ))}
        </div>
        <div role="row" className="contents">
          {Array.from({ length: offset }, (_, i) => (
            <span key={`gap-${i}`} role="presentation" />
          ))}
          {Array.from({ length: days }, (_, i) => {
            const iso = isoDate(locale, { ...view, day: i + 1 })!;
            const selected = iso === value;
            return (
              <button
                key={iso}
                type="button"
                role="gridcell"
                aria-selected={selected}
                aria-current={iso === today ? "date" : undefined}
                onClick={() => onPick(iso)}
                data-date={iso}
                className={cn(
                  "inline-flex h-8 items-center justify-center rounded-md tabular-nums hover:bg-accent",
                  iso === today && "font-bold underline underline-offset-4",
                  selected && "bg-primary text-primary-foreground hover:bg-primary",
                )}
              >
                {digits(i + 1)}
              </button>
            );
          })}
        </div>
      </div>
      <div className="flex justify-between gap-2 border-t pt-2 text-sm">
        <button type="button" className="rounded-md px-2 py-1 hover:bg-accent" onClick={() => onPick(today)}>
          {writtenDate(locale, today)}
        </button>
        <button type="button" className="rounded-md px-2 py-1 text-muted-foreground hover:bg-accent" onClick={onClear}>
          {t("editor.field.noDate")}
        </button>
      </div>
    </div>
  );
}
