import { useT } from "~/i18n/use-t";
import { Icon } from "~/ui/icon";
import { isDark, setColorMode } from "~/ui/theme";
import { Tooltip } from "~/ui/tooltip";

/** Flips between light and dark; which icon shows is decided by CSS, so server and client agree. */
export function ThemeToggle() {
  const t = useT();
  return (
    <Tooltip content={t("common.theme.toggle")}>
      <button
        type="button"
        data-testid="theme-toggle"
        aria-label={t("common.theme.toggle")}
        onClick={() => setColorMode(isDark() ? "light" : "dark")}
        className="inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
      >
        <Icon name="moon" className="size-5 dark:hidden" />
        <Icon name="sun" className="hidden size-5 dark:block" />
      </button>
    </Tooltip>
  );
}
