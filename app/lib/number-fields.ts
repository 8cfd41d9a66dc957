/**
 * Numbers in input, one rule per place they come from:
 * - a JSON body carries numbers as numbers: an id is a positive safe integer, nothing else (no `true`, no
 *   `"1"`, no `[1]`, no `1.5`), so a value can never be read as a different one than was meant;
 * - a query string carries text: it is read as a whole number (Persian digits accepted) within stated bounds,
 *   and anything else is refused with a message naming the bounds.
 * - a form's checklist holds its choices as text: `formId` turns one into the id its call sends.
 */
import * as z from "zod";
import { asciiDigits } from "~/i18n/format";
import { msg } from "./validation";

/** The highest page number any listing accepts: far past any real listing, low enough to compute safely. */
export const PAGE_MAX = 10_000;
/** The most rows a listing gives per page. */
export const PAGE_SIZE_MAX = 100;

/** A database id in a JSON body. */
export const jsonId = z
  .number(msg("validation.invalid"))
  .int(msg("validation.invalid"))
  .min(1, msg("validation.invalid"))
  .max(Number.MAX_SAFE_INTEGER, msg("validation.invalid"));

/** An id chosen in a form (a checkbox's or hidden input's text), as its call sends it. */
export const formId = z
  .string(msg("validation.invalid"))
  .regex(/^[1-9]\d{0,15}$/, msg("validation.invalid"))
  .transform(Number)
  .pipe(jsonId);

/**
 * A whole number in a query string from `min` (1 unless given) to `max`; `fallback` when the parameter is absent
 * or empty. Anything else is refused with `message`, by default "Must be a whole number from 1 to {max}".
 */
export function queryInteger({
  min = 1,
  max,
  fallback,
  message = msg("validation.wholeNumber", max),
}: {
  min?: number;
  max: number;
  fallback: number;
  message?: ReturnType<typeof msg>;
}) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = asciiDigits(value ?? "").trim();
      if (text === "") return fallback;
      // Digits only: "1e3", "0x10", "1.0" and " 1 2" are not how anyone writes a page number.
      const number = /^\d{1,16}$/.test(text) ? Number(text) : NaN;
      if (number >= min && number <= max) return number;
      ctx.addIssue({ code: "custom", message: message.error });
      return z.NEVER;
    });
}
