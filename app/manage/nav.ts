import type { Permission } from "~/auth/permissions";
import type { MessageKey } from "~/i18n/translate";
import type { IconName } from "~/ui/icon-names";

export interface ManageNavItem {
  path: string;
  label: MessageKey;
  permission: Permission;
  icon: IconName;
  /** Also current on the pages below it (Items on its categories page). */
  nested?: boolean;
}

/**
 * The dashboard menu, in its order: each entry shows to those holding its permission. The editor is reached from
 * Items, Builds and the pages themselves ("Edit this page").
 */
export const manageMenu: ManageNavItem[] = [
  { path: "/manage", label: "manage.nav.dashboard", permission: "dashboard.read", icon: "layout-dashboard" },
  { path: "/manage/items", label: "manage.nav.items", permission: "dashboard.read", icon: "file-text", nested: true },
  { path: "/manage/comments", label: "manage.nav.comments", permission: "comments.edit", icon: "message-square" },
  { path: "/manage/users", label: "manage.nav.users", permission: "dashboard.read", icon: "users" },
  { path: "/manage/builds", label: "manage.nav.builds", permission: "builds.read", icon: "git-branch" },
  {
    path: "/manage/settings",
    label: "manage.nav.settings",
    permission: "dashboard.read",
    icon: "settings",
    nested: true,
  },
];
