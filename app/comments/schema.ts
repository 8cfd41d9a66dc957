import * as z from "zod";
import { commentStatuses } from "~/db/schema";
import { msg } from "~/lib/validation";

/** SPEC §9: a comment has at least 5 characters; we cap it at a generous length. */
export const commentMinLength = 5;
export const commentMaxLength = 5000;

export const commentBodyField = z
  .string()
  .trim()
  .min(commentMinLength, msg("validation.commentMin"))
  .max(commentMaxLength, msg("validation.tooLong", commentMaxLength));

/** POST /api/comments/new */
export const newCommentSchema = z.object({
  routePath: z.string().trim().min(1).max(300).startsWith("/"),
  commentBody: commentBodyField,
  parentId: z.coerce.number().int().positive().optional().nullable(),
  /** The visitor's signed Nostr comment event (anonymous comments only). */
  event: z.unknown().optional(),
  /** A field people never see: bots that fill every input give themselves away. */
  website: z.string().max(500).optional(),
});
export type NewCommentInput = z.output<typeof newCommentSchema>;

export const commentStatusSchema = z.enum(commentStatuses, { error: "comments.invalidStatus" });

/** POST /api/comments/moderate: one comment (`id`) or many (`ids`); the route insists on one of them. */
export const moderateSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  ids: z.array(z.coerce.number().int().positive()).min(1).max(200).optional(),
  newStatus: commentStatusSchema,
});
