import { useRef, useState } from "react";
import type { MediaItem } from "~/builds/media.server";
import { useT } from "~/i18n/use-t";
import { IMAGE_TYPES, useImageUpload } from "~/media/ui/use-upload";
import { Address } from "~/ui/address";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { Icon } from "~/ui/icon";
import { Input } from "~/ui/input";
import { Spinner } from "~/ui/spinner";
import { useApiQuery } from "~/ui/use-api";

/**
 * The thumbnail's picker: the site's images (published and waiting to be), searchable by name, or a new upload.
 * Choosing one sets the thumbnail to its address. Loaded on use (./thumbnail-field.tsx).
 */
export default function ThumbnailPicker({ onPick, onClose }: { onPick: (url: string) => void; onClose: () => void }) {
  const t = useT();
  const [q, setQ] = useState("");
  const media = useApiQuery<{ items: MediaItem[] }>(`/api/media/all?page=1${q ? `&q=${encodeURIComponent(q)}` : ""}`, {
    delayMs: q ? 250 : 0,
  });
  const upload = useImageUpload();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const send = async (file: File) => {
    setUploading(true);
    setUploadError(null);
    const result = await upload(file, file.name);
    setUploading(false);
    if (result.ok) onPick(result.data.url);
    else setUploadError(result.message);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="lg" data-testid="thumbnail-picker" closeLabel={t("editor.cancel")}>
        <DialogHeader>
          <DialogTitle>{t("editor.thumbnail.title")}</DialogTitle>
          <DialogDescription>{t("editor.thumbnail.description")}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            placeholder={t("editor.thumbnail.search")}
            aria-label={t("editor.thumbnail.search")}
            dir="auto"
            className="min-w-0 flex-1"
            data-testid="thumbnail-search"
          />
          <input
            ref={fileInput}
            type="file"
            accept={IMAGE_TYPES}
            aria-label={t("media.upload.pick")}
            className="sr-only"
            tabIndex={-1}
            data-testid="thumbnail-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void send(file);
            }}
          />
          <Button type="button" variant="outline" disabled={uploading} onClick={() => fileInput.current?.click()}>
            {uploading ? <Spinner /> : <Icon name="cloud-upload" className="size-4" />}
            {uploading ? t("media.upload.uploading") : t("media.upload.pick")}
          </Button>
        </div>
        {uploadError ? (
          <p role="alert" className="text-sm text-destructive">
            {uploadError}
          </p>
        ) : null}
        {media.loading ? <Spinner /> : null}
        {media.error ? (
          <p role="alert" className="text-sm text-destructive">
            {media.error.message}
          </p>
        ) : null}
        {media.data && media.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("editor.thumbnail.none")}</p>
        ) : null}
        <ul
          className="grid max-h-[50vh] grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-3"
          data-testid="thumbnail-choices"
        >
          {media.data?.items.map((item) => (
            <li key={item.file}>
              <button
                type="button"
                onClick={() => onPick(item.url)}
                className="grid w-full gap-1 rounded-md border p-1 text-start text-xs hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                data-testid="thumbnail-choice"
              >
                <img src={item.url} alt="" loading="lazy" className="aspect-video w-full rounded object-cover" />
                <Address className="truncate">{item.file.replace(/^media\//, "")}</Address>
              </button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
