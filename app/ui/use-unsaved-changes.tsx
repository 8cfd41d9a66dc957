import { useEffect, useRef, type ReactNode } from "react";
import { useBlocker } from "react-router";
import { useT } from "~/i18n/use-t";
import { confirmDialogOnUse } from "./confirm-dialog-on-use";

/**
 * Leaving a screen with unsaved changes asks first: in the site, with the one leave dialog (returned: render it),
 * and when the tab closes or reloads, with the browser's own question. `description` says what is lost. A screen
 * that navigates itself once its work is saved says so with `saved`, read at the moment of leaving.
 */
export function useUnsavedChanges({
  dirty,
  description,
  saved,
}: {
  dirty: boolean;
  description: string;
  saved?: () => boolean;
}): ReactNode {
  const t = useT();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !saved?.() && currentLocation.pathname !== nextLocation.pathname,
  );
  const leaving = useRef(false);
  useEffect(() => {
    if (blocker.state === "blocked") leaving.current = false;
  }, [blocker.state]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  if (blocker.state !== "blocked") return null;
  return (
    <confirmDialogOnUse.Part
      // Its code cannot be downloaded (offline): the screen stays, with its work.
      onFailed={() => blocker.reset()}
      title={t("common.leave.title")}
      description={description}
      cancelLabel={t("common.leave.stay")}
      confirmLabel={t("common.leave.confirm")}
      onConfirm={() => {
        leaving.current = true;
        blocker.proceed();
      }}
      onClose={() => !leaving.current && blocker.reset()}
      testId="leave-dialog"
      confirmTestId="leave-confirm"
      cancelTestId="leave-stay"
    />
  );
}
