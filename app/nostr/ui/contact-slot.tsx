import { useT } from "~/i18n/use-t";
import { lazyPart } from "~/ui/lazy-part";
import { useLoadOnIntent } from "~/ui/use-load-on-intent";
import { useNearView } from "~/ui/use-near-view";

// The form's code (encryption, the local inbox, the relay client) loads only as the reader reaches it.
const form = lazyPart(() => import("./contact-form"));

/** The contact page's message form: its heading renders with the page, the form as the reader nears it. */
export function ContactSlot() {
  const t = useT();
  const intent = useLoadOnIntent(form.load);
  const { ref, near: open, setNear: setOpen } = useNearView<HTMLElement>();
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
