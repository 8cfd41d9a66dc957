import type { ReactNode } from "react";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";
import { Spinner } from "~/ui/spinner";

export type PanelTone = "success" | "error" | "pending" | "idle";

const icons = {
  success: <Icon name="circle-check" className="size-6 text-success" />,
  error: <Icon name="circle-alert" className="size-6 text-destructive" />,
  pending: <Spinner className="size-6 text-muted-foreground" />,
  idle: <Icon name="circle-dashed" className="size-6 text-warning" />,
};

/** One of the installer's status panels: an icon, a title and a description. */
export function StatusPanel({
  tone,
  title,
  description,
  children,
}: {
  tone: PanelTone;
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <div
      role="status"
      data-tone={tone}
      data-testid="status-panel"
      className={cn(
        "grid gap-3 rounded-lg border p-4",
        tone === "success" && "border-success/40 bg-success/5",
        tone === "error" && "border-destructive/40 bg-destructive/5",
      )}
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 shrink-0">{icons[tone]}</span>
        <div className="grid gap-1">
          <h3 className="font-semibold" data-testid="status-title">
            {title}
          </h3>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      {children}
    </div>
  );
}
