import { useEffect, useRef, useState } from "react";
import { useT } from "~/i18n/use-t";
import { lazyPart } from "~/ui/lazy-part";
import { useLoadOnIntent } from "~/ui/use-load-on-intent";

// The form's code (encryption, the local inbox, the relay client) loads only as the reader reaches it.
const form = lazyPart(() => import("./contact-form"));

/** The contact page's message form: its heading renders with the page, the form as the reader nears it. */
export function ContactSlot() {
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  const intent = useLoadOnIntent(form.load);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setOpen(true);
          observer.disconnect();
        }
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <section
      ref={ref}
      aria-labelledby="contact-title"
      className="mt-12 grid gap-4 border-t pt-8"
      data-testid="contact"
      {...intent}
    >
      <h2 id="contact-title" className="text-xl font-bold">
        {t("nostr.contact.title")}
      </h2>
      {open ? (
        <form.Part
          fallback={<p className="text-sm text-muted-foreground">{t("nostr.inbox.loading")}</p>}
          onFailed={() => setOpen(false)}
        />
      ) : null}
    </section>
  );
}
