import { Tooltip } from "radix-ui";
import { useState, type ReactElement } from "react";
import { tooltipDelays } from "./tooltip";

// Each tooltip has its own provider (they load lazily, one by one), so the skip delay is kept here, shared.
let lastClosedAt = 0;

export default function RadixTooltip({ content, children }: { content: string; children: ReactElement }) {
  const [delay, setDelay] = useState<number>(tooltipDelays.open);
  // Controlled, so that Radix announces the opening (which closes other tooltips) when it happens rather than in
  // an effect, whose order against the new tooltip's own listener is not something to rely on.
  const [open, setOpen] = useState(false);
  return (
    <Tooltip.Provider delayDuration={delay} skipDelayDuration={tooltipDelays.skip}>
      <Tooltip.Root
        open={open}
        onOpenChange={(next) => {
          if (!next) lastClosedAt = Date.now();
          setOpen(next);
        }}
      >
        <Tooltip.Trigger
          asChild
          onPointerEnter={() => setDelay(Date.now() - lastClosedAt < tooltipDelays.skip ? 0 : tooltipDelays.open)}
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
