import { commentLinkCount } from "./comment-syntax";
import type { CommentStatus } from "~/db/schema";

export type StatusFacts = {
  /** The author may moderate comments (comments.edit). */
  moderator: boolean;
  /** The author is a signed-in user with at least one earlier approved comment. */
  approvedBefore: boolean;
  anonymous: boolean;
  body: string;
} & ModerationRules;

/** The site's moderation settings a new comment is held by. */
export interface ModerationRules {
  moderationWords: readonly string[];
  /** More links than this hold a comment for moderation (WordPress's default is 2). */
  maxLinks: number;
}

/** The links a comment makes, counted from its markdown as it is rendered (not by looking for "http"). */
export function linkCount(body: string): number {
  return commentLinkCount(body);
}

function containsModerationWord(body: string, words: readonly string[]): boolean {
  const text = body.toLocaleLowerCase();
  return words.some((word) => word.trim() && text.includes(word.trim().toLocaleLowerCase()));
}

/**
 * A new comment's status (WordPress's rules): moderators' comments appear at once; too many links or a word on
 * the moderation list hold anyone else's comment; otherwise people with an earlier approved comment appear at
 * once, and first comments and anonymous ones wait for moderation.
 */
export function initialStatus(facts: StatusFacts): CommentStatus {
  if (facts.moderator) return "approved";
  if (linkCount(facts.body) > facts.maxLinks) return "pending";
  if (containsModerationWord(facts.body, facts.moderationWords)) return "pending";
  if (facts.anonymous) return "pending";
  return facts.approvedBefore ? "approved" : "pending";
}
