import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { Icon } from "~/ui/icon";
import type { IconName } from "~/ui/icon-names";
import { cn } from "~/ui/cn";

/** Under its button, its end at the button's end, inside the screen. */
function placeUnder(anchor: HTMLElement): CSSProperties {
  const box = anchor.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  const rtl = getComputedStyle(anchor).direction === "rtl";
  const side = rtl ? { left: Math.max(8, box.left) } : { right: Math.max(8, width - box.right) };
  return { ...side, top: box.bottom + 4, maxHeight: Math.max(160, innerHeight - box.bottom - 12) };
}

/** A tool's state as its button says it: pressed (a toggle), or null for an action. */
function pressed(tool: HTMLButtonElement): boolean | null {
  return tool.hasAttribute("aria-pressed") ? tool.getAttribute("aria-pressed") === "true" : null;
}

/**
 * The toolbar's "more" menu on a phone: each tool the bar has no room for, its name beside its icon; choosing one
 * presses that tool. A menu (ARIA): the arrow keys, Home and End move, Enter chooses, Escape closes back to its
 * button, Tab and a touch elsewhere close it. Loaded on use (./toolbar.tsx).
 */
export default function ToolbarMore({
  id,
  labelledBy,
  tools,
  anchor,
  onClose,
}: {
  id: string;
  labelledBy: string;
  /** The toolbar's buttons the bar has no room for (marked `data-more`, not shown). */
  tools: HTMLButtonElement[];
  /** The menu's button. */
  anchor: HTMLElement;
  /** `back`: the focus goes back to the menu's button. */
  onClose: (back: boolean) => void;
}) {
  const [style] = useState(() => placeUnder(anchor));
  const menu = useRef<HTMLDivElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>("button:not([disabled])") ?? [])];

  // The latest closer, for the listener set once when the menu opens.
  const closing = useRef(onClose);
  useEffect(() => {
    closing.current = onClose;
  });
  useEffect(() => {
    menu.current?.querySelector<HTMLButtonElement>("button:not([disabled])")?.focus();
    const onOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !anchor.contains(target)) closing.current(false);
    };
    document.addEventListener("pointerdown", onOutside, true);
    return () => document.removeEventListener("pointerdown", onOutside, true);
  }, [anchor]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const go = (index: number) => list[(index + list.length) % list.length]?.focus();
    if (event.key === "ArrowDown") go(at + 1);
    else if (event.key === "ArrowUp") go(at - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(list.length - 1);
    else if (event.key === "Escape") onClose(true);
    else if (event.key === "Tab") return onClose(false);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return createPortal(
    <div
      ref={menu}
      id={id}
      role="menu"
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
      style={style}
      className="fixed z-50 grid min-w-52 overflow-y-auto rounded-lg border bg-card p-1 text-card-foreground shadow-lg"
      data-testid="toolbar-more-menu"
    >
      {tools.map((tool) => {
        const state = pressed(tool);
        return (
          <button
            key={tool.dataset.testid}
            type="button"
            role={state === null ? "menuitem" : "menuitemcheckbox"}
            aria-checked={state === null ? undefined : state}
            disabled={tool.disabled}
            tabIndex={-1}
            onClick={() => {
              onClose(false);
              tool.click();
            }}
            className={cn(
              "flex min-h-10 items-center gap-3 rounded-md px-2 text-start text-sm outline-none hover:bg-accent focus-visible:bg-accent disabled:opacity-40",
              state && "font-semibold",
            )}
            data-testid={`more-${tool.dataset.testid}`}
          >
            <Icon name={tool.dataset.icon as IconName} className="size-4 shrink-0 text-muted-foreground" />
            {tool.dataset.label}
            {state ? <Icon name="check" className="ms-auto size-4" /> : null}
          </button>
        );
      })}
    </div>,
    document.body,
  );
}
