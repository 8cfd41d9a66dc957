import { useRef, useState } from "react";
import { useT } from "~/i18n/use-t";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { Avatar } from "~/ui/avatar";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Icon } from "~/ui/icon";
import { lazyPart } from "~/ui/lazy-part";
import { useLoadOnIntent } from "~/ui/use-load-on-intent";
import { IMAGE_TYPES } from "./use-upload";
import { useApiAction } from "~/ui/use-api";

// The crop dialog (canvas work) downloads when the member heads for the button.
const crop = lazyPart(() => import("./avatar-crop-dialog"));

/** The profile's picture: choose one (cropped to a square before it is sent), change it or remove it. */
export function AvatarCard({ name, avatar }: { name: string; avatar: string | null }) {
  const t = useT();
  const action = useApiAction();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [removing, setRemoving] = useState(false);
  const intent = useLoadOnIntent(crop.load);
  return (
    <Card title={t("media.avatar.title")} description={t("media.avatar.description")} testId="avatar-card">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={name} image={avatar} size="xl" />
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            aria-label={t("media.avatar.choose")}
            accept={IMAGE_TYPES}
            className="sr-only"
            tabIndex={-1}
            data-testid="avatar-file"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = "";
              if (chosen) setFile(chosen);
            }}
          />
          <Button
            type="button"
            variant="outline"
            {...intent}
            onClick={() => input.current?.click()}
            data-testid="avatar-choose"
          >
            <Icon name="cloud-upload" className="size-4" />
            {avatar ? t("media.avatar.change") : t("media.avatar.choose")}
          </Button>
          {avatar ? (
            <Button type="button" variant="ghost" onClick={() => setRemoving(true)} data-testid="avatar-remove">
              <Icon name="trash-2" className="size-4" />
              {t("media.avatar.remove")}
            </Button>
          ) : null}
        </div>
      </div>
      {file ? (
        <crop.Part file={file} onClose={() => setFile(null)} onFailed={() => setFile(null)} retryKey={file} />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t("media.avatar.remove")}
          description={t("media.avatar.removeConfirm")}
          confirmLabel={t("media.avatar.remove")}
          onConfirm={() => action.run("/api/users/avatar", { method: "DELETE" })}
          onClose={() => setRemoving(false)}
          testId="avatar-remove-dialog"
        />
      ) : null}
    </Card>
  );
}
