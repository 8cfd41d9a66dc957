/**
 * The site relay's limits, published in its information document where NIP-11 has a field for them, and
 * enforced per connection, per client address and per instance (decision 021 says how they were chosen). Sized
 * for its work: gift-wrapped messages carry up to 65,535 bytes of encrypted text (about 87,500 characters once
 * encoded), so a message may be somewhat larger than that; nothing else it keeps comes close.
 */
import { eventLimits } from "~/keys/verify-event.server";
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
  maxEventTags: eventLimits.maxEventTags,
  /** Characters of one tag value. */
  maxTagValueLength: eventLimits.maxTagValueLength,
  maxContentLength: eventLimits.maxContentLength,
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

  /** Bytes of stored events one REQ's answer sends at most; past them it ends with EOSE, as past its limit. */
  maxAnswerBytes: 2_000_000,
  /** Stored events read from the database at a time while answering a REQ. */
  answerPageSize: 20,
  /**
   * Output a connection has not taken yet: past `outputPauseBytes` its stored answers wait for it to read; past
   * `outputCloseBytes`, or past the first for `outputStallMs`, it is closed (a client that stopped reading).
   */
  outputPauseBytes: 256 * 1024,
  outputCloseBytes: 1024 * 1024,
  outputStallMs: 10_000,
  /** Messages received and not handled yet: past either bound the connection is not read from until they are. */
  maxPendingMessages: 8,
  maxPendingBytes: 200_000,
  /**
   * A ping goes to every connection this often; one that has not answered the previous ping by then is closed.
   * A client holding back the end of a frame cannot answer, so a half-sent message is held this long at most.
   */
  pingEveryMs: 15_000,
  /**
   * Bytes of the REQ messages of a connection's open subscriptions, together: what it may have the relay hold
   * for live delivery (a REQ for a member's inbox is about 150 bytes; one naming 500 authors about 34 KB).
   */
  maxSubscriptionBytes: 64 * 1024,
  /**
   * Messages (and new connections) one client address may send to this instance: a burst, refilled per minute.
   * A page with the inbox or the contact form uses about five; an address shared by many people (a network
   * behind one address) uses more. Twice what one connection may send in REQs.
   */
  addressBurst: 240,
  addressMessagesPerMinute: 240,
  /** Messages refused for the address's budget in a minute, after which the connection is closed. */
  maxRefusedPerMinute: 100,

  /** Gift wraps from non-members: how long they are kept, and the most kept per recipient (oldest go first). */
  strangerWrapDays: 30,
  strangerWrapBytesPerRecipient: 50_000_000,
  /** Wallets asked at once to check zap receipts, per instance; more are refused until one answers. */
  walletChecksInFlight: 4,
} as const;

/** Kinds the relay keeps: profile metadata, comments (the site publishes them), gift-wrapped messages, zap receipts. */
export const kinds = {
  metadata: 0,
  deletion: 5,
  comment: 1111,
  giftWrap: 1059,
  clientAuth: 22242,
  httpAuth: 27235,
  zapRequest: 9734,
  zapReceipt: 9735,
} as const;
