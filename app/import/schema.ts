/** The import calls' inputs, shared by the dashboard and the API. Messages are catalog keys. */
import * as z from "zod";
import { cleanLine } from "~/lib/clean-text";
import { formId, jsonId } from "~/lib/number-fields";
import { msg } from "~/lib/validation";

/** POST /api/import/upload?kind=&name=: the body is the export file's bytes. */
export const importUploadQuery = z.object({
  kind: z.enum(["wordpress", "ghost"], msg("validation.invalid")),
  name: z
    .string(msg("validation.invalid"))
    .transform(cleanLine)
    .pipe(z.string().max(200, msg("validation.tooLong", 200)))
    .optional(),
});

/** The export sent, and the languages the preview changed (an item's key → its language). */
export const importChoicesSchema = z.object({
  uploadId: jsonId,
  locales: z.record(z.string().max(200), z.enum(["fa", "en"], msg("validation.invalid"))).default({}),
});
export type ImportChoicesInput = z.infer<typeof importChoicesSchema>;

/** POST /api/import/media?uploadId=: the body is the old site's uploads, zipped, for that export. */
export const importMediaQuery = z.object({ uploadId: formId });
