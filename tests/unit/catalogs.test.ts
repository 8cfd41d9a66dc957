import { describe, expect, test } from "vitest";
import en from "~/i18n/catalogs/en";
import fa from "~/i18n/catalogs/fa";

const namespaces = [...new Set([...Object.keys(en), ...Object.keys(fa)])];

describe("fa and en catalogs", () => {
  test("have the same namespaces", () => {
    expect(Object.keys(fa).sort()).toEqual(Object.keys(en).sort());
  });

  test.each(namespaces)("namespace %s has identical keys on both sides", (ns) => {
    const enKeys = Object.keys((en as Record<string, object>)[ns] ?? {}).sort();
    const faKeys = Object.keys((fa as Record<string, object>)[ns] ?? {}).sort();
    expect(
      faKeys.filter((k) => !enKeys.includes(k)),
      "keys only in fa",
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !faKeys.includes(k)),
      "keys only in en",
    ).toEqual([]);
  });

  test.each(namespaces)("namespace %s has no empty message and no Arabic yeh/kaf in Persian", (ns) => {
    for (const [locale, catalog] of [
      ["en", en],
      ["fa", fa],
    ] as const) {
      for (const [key, text] of Object.entries((catalog as Record<string, Record<string, string>>)[ns] ?? {})) {
        expect(text.trim(), `${locale} ${ns}.${key}`).not.toBe("");
        if (locale === "fa") expect(text, `fa ${ns}.${key}`).not.toMatch(/[يك]/);
      }
    }
  });

  test("placeholders match between languages", () => {
    for (const ns of namespaces) {
      const enNs = (en as Record<string, Record<string, string>>)[ns] ?? {};
      const faNs = (fa as Record<string, Record<string, string>>)[ns] ?? {};
      for (const key of Object.keys(enNs)) {
        const vars = (s = "") => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(vars(faNs[key]), `${ns}.${key}`).toEqual(vars(enNs[key]));
      }
    }
  });
});
