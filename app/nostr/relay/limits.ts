/**
 * The site relay's limits, published in its information document and enforced per connection. Sized for its
 * work: gift-wrapped messages carry up to 65,535 bytes of encrypted text (about 87,500 characters once
 * encoded), so a message may be somewhat larger than that; nothing else it keeps comes close.
 */
export const relayLimits = {
  /** Bytes of one incoming message, from `[` to `]`. */
  maxMessageLength: 100_000,
  /** Open subscriptions per connection. */
  maxSubscriptions: 20,
  /** Filters in one REQ. */
  maxFilters: 10,
  /** The largest `limit` honoured, and the number of stored events sent when a filter gives none. */
  maxLimit: 500,
  defaultLimit: 100,
  maxSubidLength: 64,
  maxEventTags: 100,
  /** Characters of one tag value. */
  maxTagValueLength: 1024,
  maxContentLength: 90_000,
  /** Events (EVENT and AUTH) a connection may send per minute. */
  eventsPerMinute: 30,
  /** REQ messages a connection may send per minute. */
  requestsPerMinute: 120,
  /** How far in the future an event may be dated (clock skew). */
  createdAtUpperLimit: 15 * 60,
  /** How far back an event may be dated: gift wraps are dated up to two days back on purpose, so a little more. */
  createdAtLowerLimit: 3 * 24 * 60 * 60,
  /** Values in one filter list (ids, authors, kinds, a tag). */
  maxFilterValues: 500,
} as const;

/** Kinds the relay keeps: profile metadata, comments (the site publishes them), gift-wrapped messages, zap receipts. */
export const kinds = {
  metadata: 0,
  comment: 1111,
  giftWrap: 1059,
  clientAuth: 22242,
  httpAuth: 27235,
  zapRequest: 9734,
  zapReceipt: 9735,
} as const;
