import { Toast } from "radix-ui";
import { Icon } from "../icon";
import { dismissToast, type ToastItem } from "./store";

const icons = { default: "info", success: "circle-check", warning: "triangle-alert", error: "circle-alert" } as const;

/** Radix Toast: shown for 5000 ms, swiped away to the right past 50 px, focused with F8. */
export default function RadixToaster({
  items,
  label,
  viewportLabel,
  closeLabel,
}: {
  items: ToastItem[];
  label: string;
  viewportLabel: string;
  closeLabel: string;
}) {
  return (
    <Toast.Provider duration={5000} label={label} swipeDirection="right" swipeThreshold={50}>
      {items.map((item) => {
        const variant = item.variant ?? "default";
        return (
          <Toast.Root
            key={item.id}
            open={item.open}
            duration={item.duration}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            data-variant={variant}
            className="toast group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border bg-card p-4 pe-10 shadow-lg"
          >
            {/* The icon's colour follows the toast's data-variant. */}
            <Icon
              name={icons[variant]}
              className="mt-1 size-5 shrink-0 text-foreground group-data-[variant=error]:text-destructive group-data-[variant=success]:text-success group-data-[variant=warning]:text-warning"
            />
            <div className="grid gap-1">
              <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
              {item.description ? (
                <Toast.Description className="text-sm text-muted-foreground">{item.description}</Toast.Description>
              ) : null}
            </div>
            <Toast.Close
              aria-label={closeLabel}
              className="absolute end-2 top-2 rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              <Icon name="x" className="size-4" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport
        hotkey={["F8"]}
        label={viewportLabel}
        className="fixed bottom-0 end-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </Toast.Provider>
  );
}
