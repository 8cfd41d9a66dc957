import * as z from "zod";
import { commentStatuses } from "~/db/schema";
import { msg } from "~/lib/validation";

/** A comment has at least 5 characters; we cap it at a generous length. */
export const commentMinLength = 5;
export const commentMaxLength = 5000;

export const commentBodyField = z
  .string()
  .trim()
  .min(commentMinLength, msg("validation.commentMin"))
  .max(commentMaxLength, msg("validation.tooLong", commentMaxLength));

/** The address of the page a comment belongs to, as the reader sees it ("/en/notes/x", "/notes/x"). */
const routePathField = z
  .string()
  .trim()
  .min(1, msg("validation.required"))
  .max(300, msg("validation.tooLong", 300))
  .startsWith("/", msg("validation.invalid"));

const idField = z.coerce
  .number(msg("validation.invalid"))
  .int(msg("validation.invalid"))
  .positive(msg("validation.invalid"));

/** A page number in a query string: anything that is not one reads as the first page. */
const pageField = z.coerce.number().int().min(1).catch(1);

/** POST /api/comments/new */
export const newCommentSchema = z.object({
  routePath: routePathField,
  commentBody: commentBodyField,
  parentId: idField.optional().nullable(),
  /** The visitor's signed Nostr comment event (anonymous comments only). */
  event: z.unknown().optional(),
  /** A field people never see: bots that fill every input give themselves away. */
  website: z.string().max(500).optional(),
});
export type NewCommentInput = z.output<typeof newCommentSchema>;

/** GET /api/comments?routePath=&page= */
export const pageCommentsQuery = z.object({ routePath: routePathField, page: pageField });

export const commentStatusSchema = z.enum(commentStatuses, { error: "comments.invalidStatus" });

/** The moderation queue (GET /api/comments/all and /manage/comments): one status, a page at a time. */
export const moderationQuery = z.object({
  status: commentStatusSchema.default("pending"),
  page: pageField,
  pageSize: z.coerce.number().int().min(1).max(100).catch(20),
});

/**
 * POST /api/comments/moderate: one comment (`id`) or many (`ids`). `ids` stands in for `id`, so a call with
 * neither is told that `id` is missing.
 */
export const moderateSchema = z.preprocess(
  (input) =>
    typeof input === "object" && input !== null && !("id" in input) && Array.isArray((input as { ids?: unknown }).ids)
      ? { ...input, id: (input as { ids: unknown[] }).ids[0] }
      : input,
  z.object({
    id: idField,
    ids: z.array(idField).min(1, msg("validation.invalid")).max(200, msg("validation.invalid")).optional(),
    newStatus: commentStatusSchema,
  }),
);
