import { DropdownMenu } from "radix-ui";
import { useState, type ReactElement } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { dirOf, localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { loadIdentityMaker } from "~/keys/store";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";
import { lazyPart } from "~/ui/lazy-part";
import { isDark, setColorMode } from "~/ui/theme";
import { toast } from "~/ui/toast/store";
import { failureToast, successToast, useApi } from "~/ui/use-api";
import type { SessionUser } from "~/auth/session-user";

const authDialog = lazyPart(() => import("./auth-dialog"));

const itemClass =
  "flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4 [&_svg]:text-muted-foreground";

/** The avatar's menu, opened by its first click, and the login and register dialog it opens for guests. */
export default function AvatarMenuContent({
  name,
  user,
  trigger,
}: {
  name: string;
  user: SessionUser | null;
  trigger: ReactElement;
}) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const api = useApi();
  const [dialog, setDialog] = useState<"login" | "register" | null>(null);
  const [dark, setDark] = useState(isDark);

  /** Ends the session on the server, replaces this browser's identity with a fresh one, reloads the page's data. */
  async function logout() {
    const result = await api("/api/_auth/session", { method: "DELETE" });
    if (!result.ok) {
      toast(failureToast(result));
      return;
    }
    await loadIdentityMaker()
      .then((maker) => maker.resetIdentity(locale))
      .catch(() => undefined);
    const shown = successToast(result.data);
    if (shown) toast(shown);
    await revalidator.revalidate();
  }

  return (
    <>
      <DropdownMenu.Root defaultOpen dir={dirOf(locale)} onOpenChange={(open) => open && setDark(isDark())}>
        <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            data-testid="avatar-menu"
            className="z-50 min-w-56 rounded-lg border bg-card p-1 text-card-foreground shadow-lg"
          >
            <DropdownMenu.Label className="px-2 py-1.5">
              <span className="block truncate text-sm font-semibold">
                <bdi data-testid="avatar-menu-name">{name || t("common.account.guest")}</bdi>
              </span>
              <span className="block truncate text-xs text-muted-foreground">
                {user ? <bdi dir="ltr">@{user.userName}</bdi> : t("common.account.guest")}
              </span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate(localizePath("/profile", locale))}>
              <Icon name="user-round" />
              {t("common.account.profile")}
            </DropdownMenu.Item>
            {user ? (
              <DropdownMenu.Item
                className={itemClass}
                onSelect={() => navigate(localizePath("/inbox", locale))}
                data-testid="avatar-menu-inbox"
              >
                <Icon name="inbox" />
                {t("common.account.messages")}
              </DropdownMenu.Item>
            ) : null}
            {user?.permissions.includes("dashboard.read") ? (
              <DropdownMenu.Item className={itemClass} onSelect={() => navigate(localizePath("/manage", locale))}>
                <Icon name="layout-dashboard" />
                {t("common.nav.dashboard")}
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.CheckboxItem
              className={itemClass}
              checked={dark}
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={(checked) => {
                setColorMode(checked ? "dark" : "light");
                setDark(checked);
              }}
            >
              <Icon name="moon" />
              <span className="flex-1">{t("common.account.darkMode")}</span>
              <span
                aria-hidden
                className={cn(
                  "inline-flex h-5 w-9 items-center rounded-full p-0.5 transition-colors",
                  dark ? "bg-primary" : "bg-input",
                )}
              >
                <span
                  className={cn(
                    "size-4 rounded-full bg-background transition-transform",
                    dark && "translate-x-4 rtl:-translate-x-4",
                  )}
                />
              </span>
            </DropdownMenu.CheckboxItem>
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            {user ? (
              <DropdownMenu.Item className={itemClass} data-testid="logout" onSelect={() => void logout()}>
                <Icon name="log-out" />
                {t("common.account.logout")}
              </DropdownMenu.Item>
            ) : (
              <>
                <DropdownMenu.Item className={itemClass} data-testid="menu-login" onSelect={() => setDialog("login")}>
                  <Icon name="log-in" />
                  {t("common.account.login")}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className={itemClass}
                  data-testid="menu-register"
                  onSelect={() => setDialog("register")}
                >
                  <Icon name="user-plus" />
                  {t("common.account.register")}
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {dialog ? (
        <authDialog.Part
          onFailed={() => setDialog(null)}
          mode={dialog}
          onModeChange={setDialog}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
