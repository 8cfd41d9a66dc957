import type { CommentStatus } from "~/db/schema";

/** A comment as readers see it: never the author's address, user agent or signed event. */
export interface PublicComment {
  id: number;
  parentId: number | null;
  body: string;
  status: CommentStatus;
  authorName: string;
  authorPub: string | null;
  authorUserName: string | null;
  /** The member's profile picture (its image key), or null. */
  authorAvatar: string | null;
  /** The author's account was deleted: shown as a deleted account. */
  authorDeleted: boolean;
  /** The author is a member with a lightning address: readers may zap them. */
  zappable: boolean;
  /** Its event on the site's relay (an approved comment), which a zap names. */
  eventId: string | null;
  mine: boolean;
  /** By the page's author: marked as such. */
  byPageAuthor: boolean;
  /** The text as HTML (the edge renders it: a small, sanitised part of markdown). */
  html?: string;
  createdAt: string;
  /** When its author last changed its text, or null. */
  editedAt: string | null;
  replies: PublicComment[];
}

export interface ModerationRow {
  id: number;
  routePath: string;
  parentId: number | null;
  body: string;
  status: CommentStatus;
  authorName: string;
  authorUserName: string | null;
  authorPub: string | null;
  anonymous: boolean;
  /** What an imported comment's author gave the old site: for moderators only, never shown on the site. */
  authorEmail: string | null;
  authorUrl: string | null;
  /** The author's account was deleted: shown as a deleted account. */
  authorDeleted: boolean;
  createdAt: string;
  /** The title of the page it was written on (null once that page is gone). */
  pageTitle: string | null;
  /** Its author deleted it (it is in the trash). */
  deletedAt: string | null;
  /** Its texts before its author's edits, oldest first. */
  edits: { body: string; replacedAt: string }[];
  /** When its author last changed its text (null if never): the version a moderation names. */
  editedAt: string | null;
}
