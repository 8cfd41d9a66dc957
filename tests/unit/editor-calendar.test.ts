import { describe, expect, test } from "vitest";
import { daysInMonth, fromJalali, isoDate, readDate, toJalali, weekdayIndex, writtenDate } from "~/editor/calendar";

describe("dates in the reader's calendar", () => {
  test.each([
    ["2026-03-21", { year: 1405, month: 1, day: 1 }],
    ["2026-11-02", { year: 1405, month: 8, day: 11 }],
    ["2025-03-20", { year: 1403, month: 12, day: 30 }], // the last day of a leap year
    ["2024-02-29", { year: 1402, month: 12, day: 10 }],
  ])("%s is %o in the Jalali calendar, and back", (iso, jalali) => {
    expect(toJalali(iso)).toEqual(jalali);
    expect(fromJalali(jalali)).toBe(iso);
  });

  test("every day of three years goes there and back", () => {
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      expect(fromJalali(toJalali(iso))).toBe(iso);
    }
  });

  test("days that do not exist are refused", () => {
    expect(fromJalali({ year: 1404, month: 12, day: 30 })).toBeNull(); // 1404 is not a leap year
    expect(fromJalali({ year: 1405, month: 7, day: 31 })).toBeNull();
    expect(isoDate("en", { year: 2026, month: 2, day: 29 })).toBeNull();
    expect(daysInMonth("fa", 1403, 12)).toBe(30);
    expect(daysInMonth("fa", 1404, 12)).toBe(29);
    expect(daysInMonth("en", 2028, 2)).toBe(29);
  });

  test("typed dates: Jalali with any digits in Persian, ISO in English", () => {
    expect(readDate("fa", "۱۴۰۵/۰۸/۱۱")).toBe("2026-11-02");
    expect(readDate("fa", "1405-8-11")).toBe("2026-11-02");
    expect(readDate("fa", "٢٠٢٦-١١-٠٢")).toBe("2026-11-02"); // a Gregorian year typed in Persian is taken as such
    expect(readDate("en", "2026-11-02")).toBe("2026-11-02");
    expect(readDate("en", "2026-13-02")).toBeNull();
    expect(readDate("fa", "فردا")).toBeNull();
    expect(writtenDate("fa", "2026-11-02")).toBe("۱۴۰۵/۰۸/۱۱");
    expect(writtenDate("en", "2026-11-02")).toBe("2026-11-02");
  });

  test("weeks start on Saturday in Persian and Sunday in English", () => {
    expect(weekdayIndex("fa", "2026-11-21")).toBe(0); // a Saturday
    expect(weekdayIndex("en", "2026-11-22")).toBe(0); // a Sunday
  });
});
