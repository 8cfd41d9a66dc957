import { DropdownMenu } from "radix-ui";
import type { UserListItem } from "~/auth/user-admin.server";
import { dirOf } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Icon } from "~/ui/icon";
import type { IconName } from "~/ui/icon-names";

/** What can be done to an account from its row; each opens its dialog. */
export type UserAction = "edit-roles" | "edit" | "password" | "sessions" | "disable" | "enable" | "delete";

const itemClass =
  "flex min-h-9 cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4 [&_svg]:text-muted-foreground";

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
      <DropdownMenu.Root dir={dirOf(locale)} modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={t("manage.users.actionsOf", { name: user.displayName })}
            data-testid="user-actions"
          >
            <Icon name="ellipsis" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-52 rounded-lg border bg-card p-1 shadow-lg"
            data-testid="user-actions-menu"
          >
            {items.map((item) => (
              <DropdownMenu.Item
                key={item.action}
                className={item.danger ? `${itemClass} text-destructive [&_svg]:text-destructive` : itemClass}
                onSelect={() => onAction(item.action)}
                data-testid={`user-action-${item.action}`}
              >
                <Icon name={item.icon} />
                {item.label}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </span>
  );
}
