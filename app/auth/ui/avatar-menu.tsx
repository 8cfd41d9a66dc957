import { useState, type ComponentProps } from "react";
import { useT } from "~/i18n/use-t";
import { useLocalProfile } from "~/keys/store";
import { useSessionUser } from "../session-user";
import { Avatar } from "~/ui/avatar";
import { Icon } from "~/ui/icon";
import { lazyPart } from "~/ui/lazy-part";
import { useLoadOnIntent } from "~/ui/use-load-on-intent";

// The menu (Radix Dropdown Menu), the dialogs and their forms download on first use, or as soon as the visitor
// heads for the button.
const menu = lazyPart(() => import("./avatar-menu-content"));

function AvatarButton({ name, image, ...props }: { name: string; image?: string | null } & ComponentProps<"button">) {
  const t = useT();
  return (
    <button
      type="button"
      data-testid="avatar-button"
      aria-label={name ? `${t("common.account.menu")}: ${name}` : t("common.account.menu")}
      className="inline-flex size-11 items-center justify-center rounded-full md:size-9 text-muted-foreground outline-offset-2 hover:bg-accent hover:text-foreground"
      {...props}
    >
      {name ? <Avatar name={name} image={image} /> : <Icon name="user-round" className="size-5" />}
    </button>
  );
}

/**
 * The avatar in the header: the signed-in user's initials, or the guest identity's. Its menu offers the
 * profile, the dashboard (when permitted), dark mode and logout — or login and register for guests.
 */
export function AvatarMenu() {
  const user = useSessionUser();
  const profile = useLocalProfile();
  const intent = useLoadOnIntent(menu.load);
  const [active, setActive] = useState(false);
  const name = user?.displayName || profile?.displayName || "";
  const image = user?.avatar ?? null;
  const button = <AvatarButton name={name} image={image} {...intent} onClick={() => setActive(true)} />;
  if (!active) return button;
  return (
    <menu.Part
      fallback={button}
      onFailed={() => setActive(false)}
      name={name}
      user={user}
      trigger={<AvatarButton name={name} image={image} />}
    />
  );
}
