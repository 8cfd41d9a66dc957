import { Menu, MenuCheckboxItem, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from "~/ui/menu";
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
      <Menu defaultOpen dir={dirOf(locale)} onOpenChange={(open) => open && setDark(isDark())}>
        <MenuTrigger asChild>{trigger}</MenuTrigger>
        <MenuContent align="end" sideOffset={6} data-testid="avatar-menu" className="min-w-56">
          <MenuLabel>
            <span className="block truncate text-sm font-semibold">
              <bdi data-testid="avatar-menu-name">{name || t("common.account.guest")}</bdi>
            </span>
            <span className="block truncate text-xs text-muted-foreground">
              {user ? <bdi dir="ltr">@{user.userName}</bdi> : t("common.account.guest")}
            </span>
          </MenuLabel>
          <MenuSeparator />
          <MenuItem onSelect={() => navigate(localizePath("/profile", locale))}>
            <Icon name="user-round" />
            {t("common.account.profile")}
          </MenuItem>
          {user ? (
            <MenuItem onSelect={() => navigate(localizePath("/inbox", locale))} data-testid="avatar-menu-inbox">
              <Icon name="inbox" />
              {t("common.account.messages")}
            </MenuItem>
          ) : null}
          {user?.permissions.includes("dashboard.read") ? (
            <MenuItem onSelect={() => navigate(localizePath("/manage", locale))}>
              <Icon name="layout-dashboard" />
              {t("common.nav.dashboard")}
            </MenuItem>
          ) : null}
          <MenuCheckboxItem
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
          </MenuCheckboxItem>
          <MenuSeparator />
          {user ? (
            <MenuItem data-testid="logout" onSelect={() => void logout()}>
              <Icon name="log-out" />
              {t("common.account.logout")}
            </MenuItem>
          ) : (
            <>
              <MenuItem data-testid="menu-login" onSelect={() => setDialog("login")}>
                <Icon name="log-in" />
                {t("common.account.login")}
              </MenuItem>
              <MenuItem data-testid="menu-register" onSelect={() => setDialog("register")}>
                <Icon name="user-plus" />
                {t("common.account.register")}
              </MenuItem>
            </>
          )}
        </MenuContent>
      </Menu>
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
