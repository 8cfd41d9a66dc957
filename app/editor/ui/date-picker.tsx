import { useId, useState } from "react";
import { localizeDigits } from "~/i18n/format";
import type { Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";
import { Popover, PopoverContent, PopoverTrigger } from "~/ui/popover";
import {
  calendarDate,
  daysInMonth,
  isoDate,
  monthNames,
  todayIso,
  weekdayIndex,
  weekdayNames,
  writtenDate,
} from "../calendar";
import { calendarButton } from "./date-field";

/**
 * The calendar beside the date field, with its button (loaded on use, ./date-field.tsx): a month in the reader's
 * calendar, today and "no date". `onPick` gets the ISO date, or "" for no date.
 */
export default function DatePicker({
  open,
  onOpenChange,
  value,
  label,
  testId,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: string;
  /** What the button says it opens. */
  label: string;
  /** The prefix of its parts' test ids. */
  testId: string;
  onPick: (iso: string) => void;
}) {
  const locale = useLocale();
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger aria-label={label} className={calendarButton} data-testid={`${testId}-picker-open`}>
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
            onPick(iso);
            onOpenChange(false);
          }}
          onClear={() => {
            onPick("");
            onOpenChange(false);
          }}
        />
      </PopoverContent>
    </Popover>
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
                  "inline-flex h-8 items-center justify-center rounded-md tabular-nums",
                  iso === today && "font-bold underline underline-offset-4",
                  selected ? "bg-primary text-primary-foreground" : "hover:bg-accent",
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
