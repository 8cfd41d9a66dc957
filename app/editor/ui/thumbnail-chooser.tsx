import { useState } from "react";
import { useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Icon } from "~/ui/icon";
import { lazyPart } from "~/ui/lazy-part";
import { useLoadOnIntent } from "~/ui/use-load-on-intent";
import { PartPending } from "./part-pending";

const picker = lazyPart(() => import("./thumbnail-picker"));

/** Under the thumbnail's field: the picture as chosen, and the picker of the site's images (loaded on use). */
export function ThumbnailChooser({
  value,
  onChange,
  onPartFailed,
}: {
  value: string;
  onChange: (url: string) => void;
  onPartFailed: () => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [broken, setBroken] = useState<string | null>(null);
  const intent = useLoadOnIntent(picker.load);
  return (
    <div className="-mt-2 grid gap-2">
      {value && broken !== value ? (
        <img
          src={value}
          alt={t("editor.thumbnail.preview")}
          onError={() => setBroken(value)}
          className="aspect-video w-full max-w-xs rounded-md border object-cover"
          data-testid="thumbnail-preview"
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setOpen(true)}
          {...intent}
          data-testid="thumbnail-choose"
        >
          <Icon name="image" className="size-4" />
          {t("editor.thumbnail.choose")}
        </Button>
        {value ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange("")} data-testid="thumbnail-remove">
            {t("editor.thumbnail.remove")}
          </Button>
        ) : null}
      </div>
      {open ? (
        <picker.Part
          onPick={(url) => {
            onChange(url);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
          fallback={<PartPending />}
          onFailed={() => {
            setOpen(false);
            onPartFailed();
          }}
        />
      ) : null}
    </div>
  );
}
