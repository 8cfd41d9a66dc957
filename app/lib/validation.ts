import type * as z from "zod";
import type { MessageKey, TFunction } from "~/i18n/translate";

/**
 * Shared zod schemas put catalog keys in their messages ("validation.min3", or "validation.tooLong|40" with a
 * parameter); forms and the API translate them with the reader's translator, so one schema gives the same
 * rules and messages on both sides.
 */
export const msg = (key: MessageKey, param?: number) => ({ error: param === undefined ? key : `${key}|${param}` });

export interface Issue {
  path: string;
  message: string;
}

export function translateIssue(message: string, t: TFunction): string {
  const [key, param] = message.split("|");
  if (!key?.includes(".")) return message;
  const value = param !== undefined && /^\d+$/.test(param) ? Number(param) : param;
  return t(key as MessageKey, value === undefined ? undefined : { max: value, min: value });
}

export type Validated<T> = { ok: true; data: T } | { ok: false; issues: Issue[]; missing: string[] };

/** Validates `input`; on failure lists translated issues and the required fields that are absent. */
export function validate<T>(schema: z.ZodType<T>, input: unknown, t: TFunction): Validated<T> {
  // reportInput: each issue carries the value it is about, so an absent field can be told from a wrong one.
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return { ok: true, data: result.data };
  const missing: string[] = [];
  const issues = result.error.issues.map((issue) => {
    const path = issue.path.join(".");
    // An issue about a field the input does not have is that field missing, whatever the schema's own message
    // (an enum's, say). zod 4 leaves `input` out of issues unless asked, so absence is read from the input itself.
    const absent = issue.path.length > 0 && valueAt(input, issue.path) === undefined;
    if (absent && path && !missing.includes(path)) missing.push(path);
    return { path, message: absent ? t("validation.required") : translateIssue(issue.message, t) };
  });
  return { ok: false, issues, missing };
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
