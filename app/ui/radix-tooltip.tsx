import { Tooltip } from "radix-ui";
import { useState, type ReactElement } from "react";
import { tooltipDelays } from "./tooltip";

// Each tooltip has its own provider (they load lazily, one by one), so the skip delay is kept here, shared.
let lastClosedAt = 0;

export default function RadixTooltip({ content, children }: { content: string; children: ReactElement }) {
  const [delay, setDelay] = useState<number>(tooltipDelays.open);
  return (
    <Tooltip.Provider delayDuration={delay} skipDelayDuration={tooltipDelays.skip}>
      <Tooltip.Root
        onOpenChange={(open) => {
          if (!open) lastClosedAt = Date.now();
        }}
      >
        <Tooltip.Trigger
          asChild
          onPointerEnter={() =>
            setDelay(Date.now() - lastClosedAt < tooltipDelays.skip ? 0 : tooltipDelays.open)
          }
        >
          {children}
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={6}
            className="z-50 rounded-md bg-primary px-2.5 py-1 text-xs text-primary-foreground shadow"
          >
            {content}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
