import { Menu, MenuContent, MenuItem, MenuTrigger } from "~/ui/menu";
import type { UserListItem } from "~/auth/user-admin.server";
import { dirOf } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Icon } from "~/ui/icon";
import type { IconName } from "~/ui/icon-names";

/** What can be done to an account from its row; each opens its dialog. */
export type UserAction = "edit-roles" | "edit" | "password" | "sessions" | "disable" | "enable" | "delete";

/**
 * An account's actions: its roles as a button of their own (the change made most often), the rest in a menu.
 * `self`: one's own account, which one neither disables nor deletes here.
 */
export function UserActions({
  user,
  self,
  onAction,
}: {
  user: UserListItem;
  self: boolean;
  onAction: (action: UserAction) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const items: { action: UserAction; icon: IconName; label: string; danger?: boolean }[] = [
    { action: "edit", icon: "pencil", label: t("manage.users.edit") },
    { action: "password", icon: "key-round", label: t("manage.users.setPassword") },
    { action: "sessions", icon: "log-out", label: t("manage.users.endSessions") },
    ...(self
      ? []
      : [
          user.disabled
            ? { action: "enable" as const, icon: "circle-check" as const, label: t("manage.users.enable") }
            : { action: "disable" as const, icon: "ban" as const, label: t("manage.users.disable"), danger: true },
          { action: "delete" as const, icon: "trash-2" as const, label: t("manage.users.delete"), danger: true },
        ]),
  ];
  return (
    <span className="flex items-center gap-1">
      <Button
        variant="outline"
        size="sm"
        onClick={() => onAction("edit-roles")}
        aria-label={t("manage.users.editRolesOf", { name: user.displayName })}
        data-testid="edit-roles"
      >
        {t("manage.users.editRoles")}
      </Button>
      <Menu dir={dirOf(locale)} modal={false}>
        <MenuTrigger asChild>
          <Button
            variant="ghost"
            size={null}
            className="size-8 text-sm"
            aria-label={t("manage.users.actionsOf", { name: user.displayName })}
            data-testid="user-actions"
          >
            <Icon name="ellipsis" />
          </Button>
        </MenuTrigger>
        <MenuContent align="end" sideOffset={4} data-testid="user-actions-menu">
          {items.map((item) => (
            <MenuItem
              key={item.action}
              className={item.danger ? "text-destructive [&_svg]:text-destructive" : undefined}
              onSelect={() => onAction(item.action)}
              data-testid={`user-action-${item.action}`}
            >
              <Icon name={item.icon} />
              {item.label}
            </MenuItem>
          ))}
        </MenuContent>
      </Menu>
    </span>
  );
}
