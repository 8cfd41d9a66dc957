import { useState, type ComponentProps } from "react";
import { useT } from "~/i18n/use-t";
import { cn } from "./cn";
import { Icon } from "./icon";
import { inputClass } from "./input";

/** A password field with a show/hide toggle. Passwords are typed left to right in any language. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    // The wrapper takes the input's direction, so the toggle sits at the input's own end (and the room kept
    // for it with pe-10 is on the same side) in Persian pages too.
    <div className="relative" dir="ltr">
      <input
        {...props}
        type={shown ? "text" : "password"}
        dir="ltr"
        spellCheck={false}
        autoCapitalize="off"
        className={cn(inputClass, "h-10 pe-10 text-start", className)}
      />
      <button
        type="button"
        onClick={() => setShown((value) => !value)}
        aria-label={shown ? t("common.password.hide") : t("common.password.show")}
        aria-pressed={shown}
        data-testid="password-toggle"
        className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-md text-muted-foreground hover:text-foreground"
      >
        {shown ? <Icon name="eye-off" className="size-4" /> : <Icon name="eye" className="size-4" />}
      </button>
    </div>
  );
}
