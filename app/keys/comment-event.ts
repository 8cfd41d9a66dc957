/**
 * Anonymous comments are Nostr events (NIP-22 "comment", kind 1111) signed by the visitor's device key, so
 * nobody can post in another visitor's name. This module is shared: the browser builds the event, the server
 * checks it (verify-event.server.ts).
 */
export const commentKind = 1111;

export interface UnsignedCommentEvent {
  kind: number;
  created_at: number;
  content: string;
  tags: string[][];
}

/** The event template for a comment on the page at `pageUrl` (an absolute URL: the scope of NIP-22 web comments). */
export function commentEventTemplate(pageUrl: string, body: string, now = Date.now()): UnsignedCommentEvent {
  return {
    kind: commentKind,
    created_at: Math.floor(now / 1000),
    content: body,
    tags: [
      ["I", pageUrl],
      ["K", "web"],
      ["i", pageUrl],
      ["k", "web"],
    ],
  };
}

/** How long after posting a comment's author may still change or delete it. */
export const commentEditWindowMs = 15 * 60_000;

/** Whether a comment written at `createdAt` may still be changed or deleted by its author at `now`. */
export function withinEditWindow(createdAt: Date | string, now = Date.now()): boolean {
  return now - new Date(createdAt).getTime() <= commentEditWindowMs;
}

/** The tag by which a comment's new version names the event it replaces. */
export const editTag = "edit";

/**
 * A comment's new text: a complete comment on the same page (so any client shows it as one), naming the event it
 * replaces.
 */
export function commentEditTemplate(
  pageUrl: string,
  body: string,
  replacedEventId: string,
  now = Date.now(),
): UnsignedCommentEvent {
  const template = commentEventTemplate(pageUrl, body, now);
  template.tags.push([editTag, replacedEventId]);
  return template;
}

/** NIP-09: a deletion request. */
export const deletionKind = 5;

/** The author's request to delete their comment's event (NIP-09). */
export function commentDeletionTemplate(eventId: string, now = Date.now()): UnsignedCommentEvent {
  return {
    kind: deletionKind,
    created_at: Math.floor(now / 1000),
    content: "",
    tags: [
      ["e", eventId],
      ["k", String(commentKind)],
    ],
  };
}
