import { useEffect, useRef, useState, type PointerEvent } from "react";
import { useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/ui/dialog";
import { Spinner } from "~/ui/spinner";
import { refused, succeeded, useApiAction } from "~/ui/use-api";
import { useImageUpload } from "./use-upload";

/** The square the member frames the picture in (CSS pixels), and the picture sent (pixels). */
const VIEW = 256;
const OUT = 384;

interface Frame {
  /** The picture's top-left corner in the square, in CSS pixels. */
  x: number;
  y: number;
  zoom: number;
}

/**
 * A simple square crop: the picture covers the square at least; drag it to choose what shows, zoom with the
 * slider (or the wheel). Saving draws the square onto a canvas and sends it as a PNG; the server re-encodes it.
 */
export default function AvatarCropDialog({ file, onClose }: { file: File; onClose: () => void }) {
  const t = useT();
  const action = useApiAction();
  const upload = useImageUpload("/api/users/avatar", "PUT");
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [frame, setFrame] = useState<Frame>({ x: 0, y: 0, zoom: 1 });
  const drag = useRef<{ x: number; y: number; frame: Frame } | null>(null);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      setImage(img);
      const scale = VIEW / Math.min(img.naturalWidth, img.naturalHeight);
      setFrame({ x: (VIEW - img.naturalWidth * scale) / 2, y: (VIEW - img.naturalHeight * scale) / 2, zoom: 1 });
    };
    img.onerror = () => setFailed(t("media.error.type"));
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file, t]);

  const scaleOf = (zoom: number) => (image ? (VIEW / Math.min(image.naturalWidth, image.naturalHeight)) * zoom : 1);
  /** Keeps the square covered: the picture's edges never come inside it. */
  const clamp = (next: Frame): Frame => {
    if (!image) return next;
    const scale = scaleOf(next.zoom);
    const width = image.naturalWidth * scale;
    const height = image.naturalHeight * scale;
    return {
      zoom: next.zoom,
      x: Math.min(0, Math.max(VIEW - width, next.x)),
      y: Math.min(0, Math.max(VIEW - height, next.y)),
    };
  };
  const zoomTo = (zoom: number) =>
    setFrame((current) => {
      // Zoom about the square's centre.
      const ratio = scaleOf(zoom) / scaleOf(current.zoom);
      const centre = VIEW / 2;
      return clamp({ zoom, x: centre - (centre - current.x) * ratio, y: centre - (centre - current.y) * ratio });
    });

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, frame };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    setFrame(
      clamp({ ...start.frame, x: start.frame.x + event.clientX - start.x, y: start.frame.y + event.clientY - start.y }),
    );
  };

  const saving = action.pending;
  const save = (image: HTMLImageElement) =>
    action.run(
      async () => {
        const scale = scaleOf(frame.zoom);
        const canvas = document.createElement("canvas");
        canvas.width = OUT;
        canvas.height = OUT;
        canvas
          .getContext("2d")!
          .drawImage(image, -frame.x / scale, -frame.y / scale, VIEW / scale, VIEW / scale, 0, 0, OUT, OUT);
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
        const result = blob ? await upload(blob) : refused(t("media.avatar.failed"));
        return result.ok ? succeeded({ message: t("media.avatar.saved") }) : refused(result.message);
      },
      { onFailure: (failure) => setFailed(failure.message), onSuccess: onClose },
    );

  const scale = scaleOf(frame.zoom);
  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent data-testid="avatar-crop-dialog" closeLabel={t("auth.dialog.close")}>
        <DialogHeader>
          <DialogTitle>{t("media.avatar.crop")}</DialogTitle>
          <DialogDescription>{t("media.avatar.cropHint")}</DialogDescription>
        </DialogHeader>
        <div className="grid justify-items-center gap-4">
          {/* Pixel arithmetic in one direction: the frame is laid out left to right whatever the page's. */}
          <div
            dir="ltr"
            className="relative cursor-grab touch-none overflow-hidden rounded-lg border bg-muted active:cursor-grabbing"
            style={{ width: VIEW, height: VIEW }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onWheel={(event) => zoomTo(Math.min(4, Math.max(1, frame.zoom - event.deltaY / 500)))}
            data-testid="avatar-crop-frame"
          >
            {image ? (
              <img
                src={image.src}
                alt=""
                draggable={false}
                className="pointer-events-none absolute inset-0 max-w-none select-none"
                style={{
                  width: image.naturalWidth,
                  height: image.naturalHeight,
                  transform: `translate(${frame.x}px, ${frame.y}px) scale(${scale})`,
                  transformOrigin: "0 0",
                }}
              />
            ) : failed ? null : (
              <Spinner />
            )}
            {/* The round avatar the square becomes. */}
            <div
              aria-hidden
              className="pointer-events-none absolute inset-0 rounded-full shadow-[0_0_0_999px_rgb(0_0_0/0.45)]"
            />
          </div>
          <label className="grid w-full max-w-64 gap-1 text-sm">
            {t("media.avatar.zoom")}
            <input
              type="range"
              min={1}
              max={4}
              step={0.01}
              value={frame.zoom}
              onChange={(event) => zoomTo(Number(event.target.value))}
              disabled={!image}
              className="accent-primary"
              data-testid="avatar-zoom"
            />
          </label>
          {failed ? (
            <p role="alert" className="text-sm text-destructive" data-testid="avatar-error">
              {failed}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button
            type="button"
            onClick={() => image && void save(image)}
            disabled={!image || saving}
            data-testid="avatar-save"
          >
            {saving ? <Spinner /> : null}
            {saving ? t("media.avatar.saving") : t("media.avatar.save")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
