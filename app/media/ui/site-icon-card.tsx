import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Icon } from "~/ui/icon";
import { Spinner } from "~/ui/spinner";
import { toast } from "~/ui/toast/store";
import { useApiAction } from "~/ui/use-api";
import { IMAGE_TYPES, useImageUpload } from "./use-upload";

/** The site icon in the settings: the one source image every icon and the manifest are made from. */
export function SiteIconCard({ icon, canEdit }: { icon: string | null; canEdit: boolean }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const upload = useImageUpload("/api/settings/icon", "PUT");
  const reset = useApiAction();
  const revalidator = useRevalidator();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (file: File) => {
    setSending(true);
    setError(null);
    const result = await upload(file);
    setSending(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    toast({ title: t("media.icon.saved"), variant: "success" });
    await revalidator.revalidate();
  };
  return (
    <Card title={t("media.icon.title")} description={t("media.icon.description")} testId="site-icon-card">
      <div className="flex flex-wrap items-center gap-4">
        <img
          src={`/icon-192.png?v=${icon ?? "default"}`}
          width={64}
          height={64}
          alt={icon ? t("media.icon.custom") : t("media.icon.default")}
          className="size-16 rounded-xl border bg-muted p-1"
          data-testid="site-icon-preview"
        />
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              type="file"
              aria-label={t("media.icon.choose")}
              accept={IMAGE_TYPES}
              className="sr-only"
              tabIndex={-1}
              data-testid="site-icon-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void send(file);
              }}
            />
            <Button type="button" variant="outline" disabled={sending} onClick={() => input.current?.click()}>
              {sending ? <Spinner /> : <Icon name="cloud-upload" className="size-4" />}
              {t("media.icon.choose")}
            </Button>
            {icon ? (
              <Button
                type="button"
                variant="ghost"
                disabled={reset.pending}
                onClick={() => reset.run("/api/settings/icon", { method: "DELETE" })}
                data-testid="site-icon-reset"
              >
                {t("media.icon.reset")}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive" data-testid="site-icon-error">
          {error}
        </p>
      ) : null}
    </Card>
  );
}
