import * as z from "zod";
import { commentStatuses } from "~/db/schema";
import { cleanLine, cleanLines } from "~/lib/clean-text";
import { jsonId, PAGE_MAX, PAGE_SIZE_MAX, queryInteger } from "~/lib/number-fields";
import { msg } from "~/lib/validation";
import { emailAddress } from "~/mail/schema";

/** A comment has at least 5 characters; we cap it at a generous length. */
export const commentMinLength = 5;
export const commentMaxLength = 5000;

/** A comment's text, cleaned of invisible controls (~/lib/clean-text); its line breaks stay. */
export const commentBodyField = z
  .string(msg("validation.invalid"))
  .transform(cleanLines)
  .pipe(
    z
      .string()
      .trim()
      .min(commentMinLength, msg("validation.commentMin"))
      .max(commentMaxLength, msg("validation.tooLong", commentMaxLength)),
  );

/** An anonymous commenter's name as their browser sends it: one plain line, no markup. */
export function plainCommentName(raw: string): string {
  // Cut by characters, not UTF-16 units, so the cut never leaves half a character behind.
  return Array.from(cleanLine(raw).replace(/[<>]/g, "").trim()).slice(0, 60).join("").trim();
}

/** The address of the page a comment belongs to, as the reader sees it ("/en/notes/x", "/notes/x"). */
const routePathField = z
  .string()
  .trim()
  .min(1, msg("validation.required"))
  .max(300, msg("validation.tooLong", 300))
  .startsWith("/", msg("validation.invalid"));

/** A page number in a query string: absent is the first page, anything but 1…PAGE_MAX is refused. */
const pageField = queryInteger({ max: PAGE_MAX, fallback: 1 });

/** POST /api/comments/new */
export const newCommentSchema = z.object({
  routePath: routePathField,
  commentBody: commentBodyField,
  parentId: jsonId.optional().nullable(),
  /** The visitor's signed Nostr comment event (anonymous comments only). */
  event: z.unknown().optional(),
  /** A field people never see: bots that fill every input give themselves away. */
  website: z.string().max(500).optional(),
  /** An anonymous commenter's address for notices of their comment (empty: none); never stored with the event. */
  notifyEmail: z.preprocess((value) => (value === "" || value === null ? undefined : value), emailAddress.optional()),
});
export type NewCommentInput = z.output<typeof newCommentSchema>;

/** GET /api/comments?routePath=&page= */
export const pageCommentsQuery = z.object({ routePath: routePathField, page: pageField });

export const commentStatusSchema = z.enum(commentStatuses, { error: "comments.invalidStatus" });

/** The moderation queue (GET /api/comments/all and /manage/comments): one status, a page at a time. */
export const moderationQuery = z.object({
  status: commentStatusSchema.default("pending"),
  page: pageField,
  pageSize: queryInteger({ max: PAGE_SIZE_MAX, fallback: 20 }),
});

/**
 * POST /api/comments/moderate: one comment (`id`) or many (`ids`). `ids` stands in for `id`, so a call with
 * neither is told that `id` is missing. `seen` gives, per id, the version of its text the moderator was shown
 * (its `editedAt`, null for a text never edited): a comment edited since is not moved.
 */
export const moderateSchema = z.preprocess(
  (input) =>
    typeof input === "object" && input !== null && !("id" in input) && Array.isArray((input as { ids?: unknown }).ids)
      ? { ...input, id: (input as { ids: unknown[] }).ids[0] }
      : input,
  z.object({
    id: jsonId,
    ids: z.array(jsonId).min(1, msg("validation.invalid")).max(200, msg("validation.invalid")).optional(),
    newStatus: commentStatusSchema,
    seen: z
      .record(z.string().regex(/^\d{1,15}$/, msg("validation.invalid")), z.string().max(40).nullable())
      .refine((seen) => Object.keys(seen).length <= 200, msg("validation.invalid"))
      .optional(),
  }),
);

/** POST /api/comments/edit: the new text; an anonymous author's signed new version. */
export const editCommentSchema = z.object({
  id: jsonId,
  commentBody: commentBodyField,
  event: z.unknown().optional(),
});

/** POST /api/comments/delete: an anonymous author's signed deletion request. */
export const deleteCommentSchema = z.object({ id: jsonId, event: z.unknown().optional() });
