import type en from "./catalogs/en";
import { formatNumber } from "./format";
import type { Locale } from "./locales";

export type Catalogs = typeof en;
export type Namespace = keyof Catalogs;
/** "common.nav.home": the namespace, a dot, then the key inside it. */
export type MessageKey = { [N in Namespace]: `${N}.${Extract<keyof Catalogs[N], string>}` }[Namespace];
export type Messages = { [N in Namespace]?: Record<string, string> };
export type Vars = Record<string, string | number>;
export type TFunction = (key: MessageKey, vars?: Vars) => string;

/** Builds a translator over the namespaces at hand; a missing key shows itself rather than failing. */
export function createTranslator(messages: Messages, locale?: Locale): TFunction {
  return (key, vars) => {
    const dot = key.indexOf(".");
    const ns = key.slice(0, dot) as Namespace;
    const text = messages[ns]?.[key.slice(dot + 1)] ?? key;
    return vars ? interpolate(text, vars, locale) : text;
  };
}

/** Fills `{name}` placeholders; numbers are written in the locale's digits (a limit of ۱۰۰۰۰ in Persian). */
function interpolate(text: string, vars: Vars, locale: Locale | undefined): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in vars)) return whole;
    const value = vars[name]!;
    return typeof value === "number" && locale ? formatNumber(value, locale, { useGrouping: false }) : String(value);
  });
}
