import { defaultRoles, permissionAreas, type Permission } from "~/auth/permissions";
import type { MessageKey, TFunction } from "~/i18n/translate";

// Role names are unique and the installer creates the built-in ones, so a built-in name always means that role.
const builtIn = new Set(defaultRoles.map((role) => role.name));
const builtInDescriptions = new Map(defaultRoles.map((role) => [role.name, role.description]));

/** A role's name in the reader's language: built-in roles are translated, others are as written. */
export function roleName(name: string, t: TFunction): string {
  return builtIn.has(name) ? t(`manage.roleName.${name}` as MessageKey) : name;
}

/**
 * A role's description in the reader's language: a built-in role's own description is translated; one an
 * administrator rewrote, and every other role's, is as written.
 */
export function roleDescription(role: { name: string; description: string; builtIn: boolean }, t: TFunction): string {
  return role.builtIn && builtInDescriptions.get(role.name) === role.description
    ? t(`manage.role.${role.name}` as MessageKey)
    : role.description;
}

/** A permission's short plain-language name ("Moderate comments"). */
export function permissionName(permission: string, t: TFunction): string {
  return t(`manage.permissionName.${permission}` as MessageKey);
}

/** What a permission allows, in a sentence. */
export function permissionLabel(permission: string, t: TFunction): string {
  return t(`manage.permission.${permission}` as MessageKey);
}

/** The given permissions grouped by area, in the areas' order; areas with none of them are left out. */
export function groupPermissions(
  permissions: readonly string[],
  t: TFunction,
): { area: string; label: string; permissions: Permission[] }[] {
  return permissionAreas
    .map(({ area, permissions: inArea }) => ({
      area,
      label: t(`manage.permissionArea.${area}` as MessageKey),
      permissions: inArea.filter((permission) => permissions.includes(permission)),
    }))
    .filter((group) => group.permissions.length > 0);
}

/**
 * The permissions as a role form's checklist offers them, grouped by area: only those the editor holds can be
 * ticked (nobody grants what they do not hold).
 */
export function permissionOptions(permissions: readonly string[], held: readonly Permission[], t: TFunction) {
  return groupPermissions(permissions, t).flatMap((group) =>
    group.permissions.map((name) => ({
      value: name,
      label: permissionName(name, t),
      description: permissionLabel(name, t),
      hint: name,
      group: group.label,
      disabled: !held.includes(name),
    })),
  );
}
