import { formatNumber } from "~/i18n/format";
import type { Locale } from "~/i18n/locales";
import { cn } from "./cn";
import { Icon } from "./icon";

export interface StepItem {
  title: string;
  description?: string;
  /** Marked done explicitly (a step is complete if marked so or below the current step). */
  completed?: boolean;
}

export type StepState = "completed" | "active" | "inactive";

export function stepState(step: StepItem, number: number, current: number): StepState {
  if (number === current) return "active";
  if (step.completed || number < current) return "completed";
  return "inactive";
}

/** A vertical list of numbered steps. Steps are not buttons: progress moves only through the step's actions. */
export function Stepper({
  steps,
  current,
  locale,
  label,
}: {
  steps: StepItem[];
  current: number;
  locale: Locale;
  label: string;
}) {
  return (
    <ol aria-label={label} className="grid gap-0" data-testid="stepper">
      {steps.map((step, index) => {
        const number = index + 1;
        const state = stepState(step, number, current);
        return (
          <li
            key={number}
            data-state={state}
            aria-current={state === "active" ? "step" : undefined}
            className="relative flex gap-3 pb-6 last:pb-0"
          >
            {number < steps.length ? (
              <span
                aria-hidden
                className={cn(
                  "absolute start-4 top-9 bottom-1 w-px -translate-x-1/2 rtl:translate-x-1/2",
                  state === "completed" ? "bg-primary" : "bg-border",
                )}
              />
            ) : null}
            <span
              aria-hidden
              className={cn(
                "relative z-10 inline-flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold",
                state === "completed" && "border-primary bg-primary text-primary-foreground",
                state === "active" && "border-primary bg-background text-foreground",
                state === "inactive" && "border-border bg-background text-muted-foreground",
              )}
            >
              {state === "completed" ? <Icon name="check" className="size-4" /> : formatNumber(number, locale)}
            </span>
            <span className="grid gap-0.5 pt-1">
              <span className={cn("text-sm font-semibold", state === "inactive" && "text-muted-foreground")}>
                {step.title}
              </span>
              {step.description ? <span className="text-xs text-muted-foreground">{step.description}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
