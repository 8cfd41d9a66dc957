import { useCallback } from "react";
import { useT } from "~/i18n/use-t";
import { useApi } from "~/ui/use-api";

/** The largest image the server takes (checked here first, so a large file is not sent for nothing). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";

export interface Uploaded {
  url: string;
  width: number;
  height: number;
  published: boolean;
}

/** Sends an image to `path` as its bytes: the server's answer, or its message when it refuses. */
export function useImageUpload(path = "/api/media/upload", method: "POST" | "PUT" = "POST") {
  const api = useApi();
  const t = useT();
  return useCallback(
    async (file: Blob, name = ""): Promise<{ ok: true; data: Uploaded } | { ok: false; message: string }> => {
      if (file.size > MAX_IMAGE_BYTES) return { ok: false, message: t("media.error.tooLarge") };
      const query = name ? `?name=${encodeURIComponent(name)}` : "";
      const result = await api<Uploaded>(`${path}${query}`, { method, body: file });
      return result.ok ? { ok: true, data: result.data } : { ok: false, message: result.message };
    },
    [api, method, path, t],
  );
}
