import { describe, expect, test } from "vitest";
import { defaultRoles, permissionAreas, permissionNames } from "~/auth/permissions";
import en from "~/i18n/catalogs/en";
import fa from "~/i18n/catalogs/fa";
import { createTranslator, type Messages } from "~/i18n/translate";
import { groupPermissions, permissionName, roleName } from "~/manage/role-label";

const tFa = createTranslator(fa as Messages, "fa");
const tEn = createTranslator(en as Messages, "en");

describe("permissions as people read them", () => {
  test("every permission belongs to exactly one area", () => {
    const listed = permissionAreas.flatMap((area) => area.permissions);
    expect([...listed].sort()).toEqual([...permissionNames].sort());
  });

  test("every permission and area has a Persian name that is not its code", () => {
    for (const permission of permissionNames) {
      expect(permissionName(permission, tFa)).toMatch(/[\u0600-\u06FF]/);
      expect(permissionName(permission, tEn)).not.toContain(permission);
    }
    for (const group of groupPermissions(permissionNames, tFa)) expect(group.label).toMatch(/[\u0600-\u06FF]/);
  });

  test("grouping keeps the areas' order and leaves out areas with nothing held", () => {
    const groups = groupPermissions(["comments.edit", "dashboard.read", "comments.create"], tEn);
    expect(groups.map((g) => [g.area, g.permissions])).toEqual([
      ["site", ["dashboard.read"]],
      ["discussion", ["comments.create", "comments.edit"]],
    ]);
  });

  test("built-in roles are translated; a role someone named is shown as written", () => {
    for (const role of defaultRoles) expect(roleName(role.name, tFa)).toMatch(/^[\u0600-\u06FF\u200C ]+$/);
    expect(roleName("Admin", tEn)).toBe("Admin");
    expect(roleName("Reviewer", tFa)).toBe("Reviewer");
  });
});
