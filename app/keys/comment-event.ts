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
