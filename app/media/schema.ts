/** The media calls' inputs, shared by the pages that make them and the API. Messages are catalog keys. */
import * as z from "zod";
import { cleanLine } from "~/lib/clean-text";
import { queryInteger } from "~/lib/number-fields";
import { msg } from "~/lib/validation";

/** POST /api/media/upload?name=: the body is the file's bytes; `name` is the file's name (its slug names it). */
export const uploadQuery = z.object({
  name: z
    .string(msg("validation.invalid"))
    .transform(cleanLine)
    .pipe(z.string().max(200, msg("validation.tooLong", 200)))
    .optional(),
});

/** GET /api/media/all?q=&page=: the media list. */
export const mediaListQuery = z.object({
  q: z
    .string(msg("validation.invalid"))
    .transform(cleanLine)
    .pipe(z.string().trim().max(200, msg("validation.tooLong", 200)))
    .optional(),
  page: queryInteger({ max: 10_000, fallback: 1 }),
});
export type MediaListQuery = z.infer<typeof mediaListQuery>;

/** POST /api/media/delete { file }: an image of the media list, by its file ("media/<key>-<name>.<ext>"). */
export const deleteMediaSchema = z.object({
  file: z
    .string(msg("validation.invalid"))
    .trim()
    .min(1, msg("validation.required"))
    .max(300, msg("validation.tooLong", 300)),
});
