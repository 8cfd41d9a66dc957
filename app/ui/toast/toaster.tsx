import { useEffect, useRef } from "react";
import { useT } from "~/i18n/use-t";
import { lazyPart } from "../lazy-part";
import { dismissToast, toast, toastEventName, useToasts } from "./store";
import type { ToastInput } from "./types";

// Radix Toast is loaded with the first toast, so pages that never show one never download it.
const radixToaster = lazyPart(() => import("./radix-toaster"));

/** Mounts the toast viewport when there is something to show; shows a toast sent by the server (`flash`). */
export function Toaster({ flash }: { flash: ToastInput | null }) {
  const t = useT();
  const items = useToasts();
  const shown = useRef<ToastInput | null>(null);
  useEffect(() => {
    const onEvent = (event: Event) => {
      const detail = (event as CustomEvent<ToastInput>).detail;
      if (detail && typeof detail.title === "string") toast(detail);
    };
    window.addEventListener(toastEventName, onEvent);
    return () => window.removeEventListener(toastEventName, onEvent);
  }, []);
  useEffect(() => {
    if (flash && shown.current !== flash) {
      shown.current = flash;
      toast(flash);
    }
  }, [flash]);
  if (items.length === 0) return null;
  return (
    <radixToaster.Part
      // Without its code no toast can show: drop them rather than keep them waiting.
      onFailed={() => items.forEach((item) => dismissToast(item.id))}
      items={items}
      label={t("common.toast.label")}
      viewportLabel={t("common.toast.viewport")}
      closeLabel={t("common.toast.close")}
    />
  );
}
