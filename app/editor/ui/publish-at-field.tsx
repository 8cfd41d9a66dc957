import { useId, useState } from "react";
import { localizeDigits } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { instantOf, localParts, readTime } from "../publish-time";
import { DateField } from "./date-field";

/**
 * "Publish at": a date in the writer's calendar (Jalali in Persian) and a time of day, in the writer's own time
 * zone, which the hint names. Empty: the page is public when its build is published. A page whose time is still
 * to come is published with its build but shown to nobody until then.
 */
export function PublishAtField({
  value,
  onChange,
  error,
  onPartFailed,
}: {
  value: string;
  onChange: (instant: string) => void;
  error?: string;
  onPartFailed: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const timeId = useId();
  const parts = value ? localParts(value) : null;
  const [date, setDate] = useState(parts?.date ?? "");
  const [typedTime, setTypedTime] = useState<string | null>(null);
  const time = parts?.time ?? "";
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const change = (nextDate: string, nextTime: string) => {
    setDate(nextDate);
    if (!nextDate) return onChange("");
    onChange(instantOf(nextDate, nextTime || "09:00"));
  };
  return (
    <Field
      label={t("editor.field.publishAt")}
      hint={t("editor.field.publishAtHint", { zone })}
      optional={t("editor.optional")}
      error={error}
    >
      {(control) => (
        <div className="flex items-center gap-2" data-testid="publish-at">
          <div className="min-w-0 flex-1">
            <DateField
              id={control.id}
              value={parts?.date ?? date}
              onChange={(nextDate) => change(nextDate, time)}
              invalid={control["aria-invalid"]}
              describedBy={control["aria-describedby"]}
              onPartFailed={onPartFailed}
              label={t("editor.field.publishAt")}
              testId="publish-at-date"
            />
          </div>
          <label htmlFor={timeId} className="sr-only">
            {t("editor.field.publishTime")}
          </label>
          <div className="w-24 shrink-0">
            <Input
              id={timeId}
              className="text-center"
              inputMode="numeric"
              dir="ltr"
              placeholder={localizeDigits("09:00", locale)}
              value={typedTime ?? localizeDigits(time, locale)}
              disabled={!(parts?.date ?? date)}
              onChange={(event) => setTypedTime(event.target.value)}
              onBlur={() => {
                if (typedTime === null) return;
                const read = readTime(typedTime);
                setTypedTime(read === null && typedTime.trim() !== "" ? typedTime : null);
                if (read !== null) change(parts?.date ?? date, read);
              }}
              aria-invalid={typedTime !== null && readTime(typedTime) === null ? true : undefined}
              data-testid="publish-time"
            />
          </div>
        </div>
      )}
    </Field>
  );
}
