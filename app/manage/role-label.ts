import type { MessageKey, TFunction } from "~/i18n/translate";

const builtIn = new Set(["Admin", "Editor", "Moderator", "Member"]);

/** A role's description in the reader's language: built-in roles are translated, others are as written. */
export function roleDescription(role: { name: string; description: string; builtIn: boolean }, t: TFunction): string {
  return role.builtIn && builtIn.has(role.name) ? t(`manage.role.${role.name}` as MessageKey) : role.description;
}

export function permissionLabel(permission: string, t: TFunction): string {
  return t(`manage.permission.${permission}` as MessageKey);
}
