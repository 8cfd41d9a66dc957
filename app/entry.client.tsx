import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrationReady } from "./ui/hydration-gate";

// Hydration runs in a task of its own: evaluating the code and hydrating the page in one task would keep a slow
// phone from answering the reader's first tap for longer than either does alone. It waits for the code the
// server-rendered content needs (a page's view of its own chunk, preloaded by the document).
setTimeout(() => {
  void hydrationReady().then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  );
}, 0);
