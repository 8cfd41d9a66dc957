import { describe, expect, test } from "vitest";
import { defaultAppConfig, defaultCategories, defaultMenu, upgradeAppConfig } from "~/settings/app-config";
import { configChanges, fieldValues, settingsFields, withFields } from "~/settings/config-fields";
import { saveSettingsSchema, settingsFormSchema } from "~/settings/schema";
import { settingsFormValues } from "~/settings/ui/settings-form";

describe("reading a stored configuration", () => {
  test("nothing stored is the defaults, not installed", () => {
    expect(upgradeAppConfig(undefined)).toEqual(defaultAppConfig);
    expect(upgradeAppConfig("garbage")).toEqual(defaultAppConfig);
  });

  test("a site stored before the menu existed keeps the first menu; items of unknown kinds are dropped", () => {
    expect(upgradeAppConfig({ installed: true }).menu).toEqual(defaultMenu);
    expect(
      upgradeAppConfig({
        menu: [
          { kind: "page", target: "/about", label: { en: "Who" } },
          { kind: "widget", target: "x", label: {} },
          { kind: "link", label: { fa: "", en: "" } },
        ],
      }).menu,
    ).toEqual([{ kind: "page", target: "/about", label: { fa: "", en: "Who" } }]);
    expect(upgradeAppConfig({ menu: [] }).menu).toEqual([]);
  });

  test("bare category slugs take the names the catalogs gave the four defaults; others their slug", () => {
    const config = upgradeAppConfig({ categories: ["tuts", "poems", "books", "tuts"] });
    expect(config.categories).toEqual([
      defaultCategories[3],
      { slug: "poems", name: { fa: "poems", en: "poems" } },
      defaultCategories[0],
    ]);
  });

  test("sections missing or partial are filled with their defaults; fields of the wrong type too", () => {
    const config = upgradeAppConfig({
      installed: true,
      siteName: { fa: "نام", en: 42 },
      comments: { allowAnonymous: false, moderationWords: ["spam"] },
      theme: { primary: "chartreuse" },
      categories: [{ slug: "notes", name: { en: "Jottings" } }, { name: "no slug" }],
    });
    expect(config.installed).toBe(true);
    expect(config.siteName).toEqual({ fa: "نام", en: "Daftar" });
    expect(config.comments).toEqual({
      allowAnonymous: false,
      moderationWords: ["spam"],
      allowLinks: true,
      maxLinks: 2,
    });
    expect(config.visitLog).toEqual({
      enabled: true,
      retentionDays: 90,
      respectDoNotTrack: true,
      keepFullAddresses: false,
    });
    expect(config.theme.primary).toBe("zinc");
    expect(config.categories).toEqual([{ slug: "notes", name: { fa: "یادداشت‌ها", en: "Jottings" } }]);
  });
});

describe("who may clone the site's repository", () => {
  test("a configuration stored before the choice existed serves public pages only; an unknown value does too", () => {
    const stored = { installed: true, siteName: { fa: "دفتر من", en: "My notebook" } };
    expect(upgradeAppConfig(stored).repository).toEqual({ access: "public" });
    expect(upgradeAppConfig({ ...stored, repository: { access: "everyone" } }).repository).toEqual({
      access: "public",
    });
    expect(upgradeAppConfig({ ...stored, repository: "builds" }).repository).toEqual({ access: "public" });
    for (const access of ["public", "builds", "off"]) {
      expect(upgradeAppConfig({ ...stored, repository: { access } }).repository).toEqual({ access });
    }
  });

  test("the settings form offers the three choices and nothing else", () => {
    const values = settingsFormValues(fieldValues(defaultAppConfig), "en");
    expect(values.repositoryAccess).toBe("public");
    expect(settingsFormSchema.safeParse({ ...values, repositoryAccess: "off" }).data?.repositoryAccess).toBe("off");
    expect(settingsFormSchema.safeParse({ ...values, repositoryAccess: "anyone" }).success).toBe(false);
    expect(saveSettingsSchema.safeParse({ version: 1, repositoryAccess: "builds" }).success).toBe(true);
  });
});

describe("requiring two-step sign-in", () => {
  test("a configuration stored before the choice existed does not require it; only a stored true does", () => {
    const stored = { installed: true };
    expect(upgradeAppConfig(stored).signIn).toEqual({ requireSecondFactor: false });
    expect(upgradeAppConfig({ ...stored, signIn: { requireSecondFactor: "yes" } }).signIn.requireSecondFactor).toBe(
      false,
    );
    expect(upgradeAppConfig({ ...stored, signIn: { requireSecondFactor: true } }).signIn.requireSecondFactor).toBe(
      true,
    );
  });

  test("the save and the form take it as a switch, and nothing else", () => {
    expect(saveSettingsSchema.safeParse({ version: 1, signInRequireSecondFactor: true }).success).toBe(true);
    expect(saveSettingsSchema.safeParse({ version: 1, signInRequireSecondFactor: "on" }).success).toBe(false);
    const values = settingsFormValues(fieldValues(defaultAppConfig), "en");
    expect(values.signInRequireSecondFactor).toEqual([]);
    const parsed = settingsFormSchema.parse({ ...values, signInRequireSecondFactor: ["on"] });
    expect(parsed.signInRequireSecondFactor).toBe(true);
  });
});

describe("the configuration as fields", () => {
  test("every field reads and writes its place; a change lists each field with both values", () => {
    const next = withFields(defaultAppConfig, {
      siteNameEn: "Field Notes",
      commentsMaxLinks: 5,
      visitLogEnabled: false,
    });
    expect(defaultAppConfig.siteName.en).toBe("Daftar");
    expect(fieldValues(next)).toMatchObject({ siteNameEn: "Field Notes", commentsMaxLinks: 5, visitLogEnabled: false });
    expect(configChanges(defaultAppConfig, next)).toEqual([
      { field: "siteNameEn", before: "Daftar", after: "Field Notes" },
      { field: "commentsMaxLinks", before: 2, after: 5 },
      { field: "visitLogEnabled", before: true, after: false },
    ]);
    const withCategory = { ...next, categories: [...next.categories].reverse(), installed: true };
    expect(configChanges(next, withCategory).map((change) => change.field)).toEqual(["categories", "installed"]);
  });

  test("the form's values of a configuration parse back to the same fields", () => {
    const values = settingsFormValues(fieldValues(defaultAppConfig), "fa");
    expect(values.commentsMaxLinks).toBe("۲");
    const parsed = settingsFormSchema.parse(values);
    expect(parsed).toEqual(fieldValues(defaultAppConfig));
    expect(Object.keys(parsed).sort()).toEqual([...settingsFields].sort());
  });
});

describe("the settings schemas", () => {
  test("the form takes Persian digits and one moderation word per line (or comma), cleaned and once each", () => {
    const values = {
      ...settingsFormValues(fieldValues(defaultAppConfig), "en"),
      commentsMaxLinks: "۱۲",
      visitLogRetentionDays: " 30 ",
      commentsModerationWords: "cheap\n  Casino ,casino، قمار\n\n\u202Espam",
      visitLogEnabled: [],
    };
    const parsed = settingsFormSchema.parse(values);
    expect(parsed.commentsMaxLinks).toBe(12);
    expect(parsed.visitLogRetentionDays).toBe(30);
    expect(parsed.commentsModerationWords).toEqual(["cheap", "Casino", "قمار", "spam"]);
    expect(parsed.visitLogEnabled).toBe(false);
  });

  test("the save takes only the fields sent, with the version it is based on", () => {
    expect(saveSettingsSchema.parse({ version: 3, footerFa: " پانوشت " })).toEqual({ version: 3, footerFa: "پانوشت" });
    expect(saveSettingsSchema.safeParse({ footerFa: "x" }).success).toBe(false);
    expect(saveSettingsSchema.safeParse({ version: -1 }).success).toBe(false);
    expect(saveSettingsSchema.safeParse({ version: 1, commentsMaxLinks: "2" }).success).toBe(false);
  });
});
