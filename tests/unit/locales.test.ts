import { describe, expect, test } from "vitest";
import { asciiDigits, formatDate, formatNumber, localizeDigits } from "~/i18n/format";
import { dirOf, intlLocale, localizePath, parseLocalizedPath } from "~/i18n/locales";
import { createTranslator } from "~/i18n/translate";

describe("locale paths", () => {
  test.each([
    ["/", "fa", "", "/"],
    ["/about", "fa", "", "/about"],
    ["/fa", "fa", "fa", "/"],
    ["/fa/notes/x", "fa", "fa", "/notes/x"],
    ["/en", "en", "en", "/"],
    ["/en/about", "en", "en", "/about"],
    ["/english", "fa", "", "/english"],
    ["/fab", "fa", "", "/fab"],
  ])("%s → %s %s %s", (pathname, locale, prefix, path) => {
    expect(parseLocalizedPath(pathname)).toEqual({ locale, prefix, path });
  });

  test("Persian is canonical without a prefix, English under /en", () => {
    expect(localizePath("/", "fa")).toBe("/");
    expect(localizePath("/about", "fa")).toBe("/about");
    expect(localizePath("/", "en")).toBe("/en");
    expect(localizePath("/about", "en")).toBe("/en/about");
    expect(dirOf("fa")).toBe("rtl");
    expect(dirOf("en")).toBe("ltr");
  });
});

describe("formatting", () => {
  test("Persian gets the Jalali calendar and Persian digits; English the Gregorian", () => {
    expect(formatDate("2026-03-21", "fa")).toBe("۱ فروردین ۱۴۰۵");
    expect(formatDate("2026-03-21", "en")).toBe("March 21, 2026");
    expect(formatNumber(1234, "fa")).toBe("۱٬۲۳۴");
    expect(localizeDigits("Page 12", "fa")).toBe("Page ۱۲");
    expect(localizeDigits("Page 12", "en")).toBe("Page 12");
  });

  test("counts are written as Intl writes them, in both languages", () => {
    const values = [0, 7, 42, 999, 1000, 1234, 99999, 100000, 1234567, 12345678901, Number.MAX_SAFE_INTEGER];
    for (const locale of ["fa", "en"] as const) {
      const intl = new Intl.NumberFormat(intlLocale(locale));
      for (const value of values) expect(formatNumber(value, locale)).toBe(intl.format(value));
      // What the quick path leaves to Intl: fractions, negative numbers, options.
      expect(formatNumber(-1234.5, locale)).toBe(intl.format(-1234.5));
      expect(formatNumber(-0, locale)).toBe(intl.format(-0));
      expect(formatNumber(0.25, locale, { style: "percent" })).toBe(
        new Intl.NumberFormat(intlLocale(locale), { style: "percent" }).format(0.25),
      );
    }
  });

  test("digits typed in Persian or Arabic-Indic become ASCII", () => {
    expect(asciiDigits("۱۴۰۵-٠٣")).toBe("1405-03");
  });

  test("translator interpolates and shows a missing key rather than failing", () => {
    const t = createTranslator({ common: { hello: "Hello {name}" } as Record<string, string> });
    expect(t("common.hello" as never, { name: "Sara" })).toBe("Hello Sara");
    expect(t("common.nothing" as never)).toBe("common.nothing");
  });
});
