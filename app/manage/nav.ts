import type { Permission } from "~/auth/permissions";
import type { MessageKey } from "~/i18n/translate";

export interface ManageNavItem {
  path: string;
  label: MessageKey;
  permission: Permission;
}

/**
 * The dashboard menu: each entry shows to those holding its permission. Sections add themselves
 * here when their page exists (Items and Settings are still to come).
 */
export const manageMenu: ManageNavItem[] = [
  { path: "/manage", label: "manage.nav.dashboard", permission: "dashboard.read" },
  { path: "/manage/comments", label: "manage.nav.comments", permission: "comments.edit" },
  { path: "/manage/users", label: "manage.nav.users", permission: "dashboard.read" },
  { path: "/manage/builds", label: "manage.nav.builds", permission: "builds.read" },
  { path: "/manage/editor", label: "manage.nav.editor", permission: "commit.create" },
];
