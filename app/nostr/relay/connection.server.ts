/**
 * One client's connection to the relay: NIP-01 messages (EVENT, REQ, CLOSE) and NIP-42 AUTH, answered with
 * OK, EVENT, EOSE, CLOSED and NOTICE. Limits per connection: open subscriptions, filters per request, events
 * and requests per minute, the bytes of one stored answer; and the message budget of the client's address.
 */
import { randomBytes } from "node:crypto";
import type { Event } from "nostr-tools/pure";
import { getDb, type Database } from "~/db/client.server";
import type { Announce } from "~/cluster/change-feed.server";
import {
  asksForGiftWraps,
  matchesFilter,
  mayRead,
  parseFilter,
  storedPage,
  wantedCount,
  type Filter,
  type PageStart,
} from "./filters.server";
import { idProblem, signatureProblem, structureProblem } from "~/keys/verify-event.server";
import { countQuotas, policyDecision, timeProblem } from "./accept.server";
import { kinds, relayLimits } from "./limits";
import { deletionRefusal, honourDeletion } from "./deletion.server";
import { lastSeq, saveEvent, wireEvent } from "./store.server";

export interface Subscription {
  filters: Filter[];
  /** The bytes of the REQ that opened it. */
  bytes: number;
  /** Live delivery sends events stored after this sequence number; the initial query covered the rest. */
  afterSeq: number;
}

/** What the connection needs from the relay around it. */
export interface ConnectionHost {
  /** Sends a message; returns its bytes (0 when the connection is gone). */
  send(message: unknown[]): number;
  /**
   * Resolves once the client has read enough of what was sent for more to go (true), or when the connection is
   * gone (false): stored answers wait for it, so a client that does not read cannot pile them up.
   */
  room(): Promise<boolean>;
  /** Spends one message of the client address's budget; false when it has none left. */
  spend(): boolean;
  /** Ends a connection that keeps sending past its budget. */
  closeForAbuse(): void;
  /** The client's address (an IPv4 address or an IPv6 /64). */
  address: string;
  /**
   * The site's hosts, from its configuration, never from the request ("daftar.example", "127.0.0.1:3000"): AUTH
   * must name one of them.
   */
  relayHosts: readonly string[];
  /** A new event was stored: deliver it to every subscription, here and on the other instances. */
  stored(): void;
  /** Resolves when live delivery has its starting point (a subscription's query must start after it). */
  following(): Promise<void>;
  /** Transactions are the database's: one write transaction per stored event. */
  write<T>(work: (tx: Database, announce: Announce) => Promise<T>): Promise<T>;
}

/** A fixed one-minute window counter. */
class Budget {
  private windowStart = Date.now();
  private used = 0;
  constructor(private readonly perMinute: number) {}
  take(now = Date.now()): boolean {
    if (now - this.windowStart >= 60_000) {
      this.windowStart = now;
      this.used = 0;
    }
    this.used += 1;
    return this.used <= this.perMinute;
  }
}

const authMaxSkewSeconds = 10 * 60;
const followingTimeoutMs = 10_000;

/**
 * Waits for the next turn of the event loop. With the embedded database every query answers at once, so the
 * relay's work for all its connections would otherwise run back to back; taking turns (before each message,
 * and between the pages of a stored answer) lets the site's own requests be read and answered in between.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class RelayConnection {
  readonly subscriptions = new Map<string, Subscription>();
  /** Public keys this connection has proven (NIP-42): gift wraps to them may be served here. */
  readonly readers = new Set<string>();
  readonly challenge = randomBytes(16).toString("hex");
  private readonly events = new Budget(relayLimits.eventsPerMinute);
  private readonly requests = new Budget(relayLimits.requestsPerMinute);
  private readonly refusals = new Budget(relayLimits.maxRefusedPerMinute);

  constructor(private readonly host: ConnectionHost) {}

  private tell(message: unknown[]): void {
    this.host.send(message);
  }

  open(): void {
    this.tell(["AUTH", this.challenge]);
  }

  /** One message as received (the WebSocket server refuses any larger than `maxMessageLength`). */
  async receive(raw: string, bytes: number): Promise<void> {
    if (!this.host.spend()) {
      if (!this.refusals.take()) return this.host.closeForAbuse();
      return this.refuseUnread(raw, "rate-limited: too many messages from your address; slow down");
    }
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      this.tell(["NOTICE", "invalid: message is not JSON"]);
      return;
    }
    if (!Array.isArray(message) || typeof message[0] !== "string") {
      this.tell(["NOTICE", "invalid: a message is a JSON array starting with its type"]);
      return;
    }
    switch (message[0]) {
      case "EVENT":
        return this.onEvent(message[1], bytes);
      case "REQ":
        return this.onRequest(message[1], message.slice(2), bytes);
      case "CLOSE":
        if (typeof message[1] === "string") this.subscriptions.delete(message[1]);
        return;
      case "AUTH":
        return this.onAuth(message[1]);
      default:
        this.tell(["NOTICE", `unsupported: message type ${JSON.stringify(message[0].slice(0, 16))}`]);
    }
  }

  /**
   * Refuses a message without parsing it (that is what the refusal spares): the EVENT's or AUTH's id, or the
   * REQ's subscription id, is found so the answer can name it.
   */
  private refuseUnread(raw: string, reason: string): void {
    const type = /^\s*\[\s*"([A-Z]{1,8})"/.exec(raw)?.[1];
    if (type === "EVENT" || type === "AUTH") {
      const id = /(?<!\\)"id"\s*:\s*"([0-9a-f]{64})"/.exec(raw)?.[1];
      if (id) return this.tell(["OK", id, false, reason]);
    }
    if (type === "REQ") {
      const subId = /^\s*\[\s*"REQ"\s*,\s*"([^"\\]{1,64})"/.exec(raw)?.[1];
      if (subId) {
        this.subscriptions.delete(subId);
        return this.tell(["CLOSED", subId, reason]);
      }
    }
    this.tell(["NOTICE", reason]);
  }

  private async onEvent(value: unknown, bytes: number): Promise<void> {
    const id = typeof value === "object" && value !== null ? (value as { id?: unknown }).id : undefined;
    const idText = typeof id === "string" ? id : "";
    const refuse = (reason: string) => this.tell(["OK", idText, false, reason]);
    if (!this.events.take()) return refuse("rate-limited: slow down, at most 30 events a minute");
    const structure = structureProblem(value);
    if (structure) return refuse(structure);
    const event = value as Event;
    if (event.kind === kinds.clientAuth) return refuse("invalid: authentication events are sent with AUTH");
    // The signature is checked by the policy, where refusing first is cheapest.
    const problem = idProblem(event) ?? timeProblem(event);
    if (problem) return refuse(problem);
    try {
      const db = await getDb();
      const decision = await policyDecision(db, event, { writers: this.readers, address: this.host.address, bytes });
      if (!decision.keep) return refuse(decision.reason);
      // The quotas are counted in the transaction that stores the event: one commit for both.
      const outcome = await this.host.write(async (tx, announce) => {
        // A deletion is judged again where it is honoured: a reply may have come since the policy looked.
        const late = event.kind === kinds.deletion ? await deletionRefusal(tx, event) : undefined;
        if (late) return { refused: late };
        const over = await countQuotas(tx, decision.quotas);
        if (over) return { refused: over };
        if (event.kind === kinds.deletion) {
          const refused = await honourDeletion(tx, event, Date.now(), announce);
          if (refused) return { refused };
        }
        return { result: await saveEvent(tx, event, { fromStranger: decision.fromStranger }) };
      });
      if (outcome.refused !== undefined) return refuse(outcome.refused);
      const { result } = outcome;
      if (result === "saved") this.host.stored();
      this.tell([
        "OK",
        event.id,
        true,
        result === "duplicate"
          ? "duplicate: already have this event"
          : result === "older"
            ? "duplicate: a newer version of this event is stored"
            : result === "deleted"
              ? "duplicate: its author deleted this event"
              : "",
      ]);
    } catch (error) {
      console.error("Relay: storing an event failed:", error instanceof Error ? error.message : error);
      refuse("error: could not store the event, try again later");
    }
  }

  private async onRequest(subId: unknown, rawFilters: unknown[], bytes: number): Promise<void> {
    if (typeof subId !== "string" || subId.length === 0 || subId.length > relayLimits.maxSubidLength) {
      this.tell(["NOTICE", `invalid: a subscription id is a string of 1 to ${relayLimits.maxSubidLength} characters`]);
      return;
    }
    const closed = (reason: string) => {
      this.subscriptions.delete(subId);
      this.tell(["CLOSED", subId, reason]);
    };
    if (!this.requests.take()) return closed("rate-limited: slow down, at most 120 requests a minute");
    if (!this.subscriptions.has(subId) && this.subscriptions.size >= relayLimits.maxSubscriptions) {
      return closed(`blocked: at most ${relayLimits.maxSubscriptions} open subscriptions per connection`);
    }
    let held = bytes;
    for (const [id, subscription] of this.subscriptions) if (id !== subId) held += subscription.bytes;
    if (held > relayLimits.maxSubscriptionBytes) {
      return closed(
        `blocked: the open subscriptions of a connection may take at most ${relayLimits.maxSubscriptionBytes} bytes of filters; close some first`,
      );
    }
    if (rawFilters.length === 0) return closed("invalid: a request needs at least one filter");
    if (rawFilters.length > relayLimits.maxFilters) {
      return closed(`invalid: at most ${relayLimits.maxFilters} filters per request`);
    }
    const filters: Filter[] = [];
    for (const raw of rawFilters) {
      const parsed = parseFilter(raw);
      if (!parsed.ok) return closed(parsed.reason);
      filters.push(parsed.filter);
    }
    if (this.readers.size === 0 && filters.some(asksForGiftWraps)) {
      return closed("auth-required: messages are served only to their recipient, who must authenticate first");
    }
    try {
      const db = await getDb();
      // Live delivery must know where it starts; a database that does not answer ends the request.
      const ready = await Promise.race([
        this.host.following().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), followingTimeoutMs).unref()),
      ]);
      if (!ready) return closed("error: could not read stored events, try again later");
      // Stored events up to this point come from the query; live delivery takes over after it.
      const boundary = await lastSeq(db);
      this.subscriptions.set(subId, { filters, bytes, afterSeq: boundary });
      if (await this.sendStored(db, subId, filters, boundary)) this.tell(["EOSE", subId]);
    } catch (error) {
      console.error("Relay: a query failed:", error instanceof Error ? error.message : error);
      closed("error: could not read stored events, try again later");
    }
  }

  /**
   * Sends the stored events `filters` match, up to sequence `upTo`: each filter's newest first, read a page at a
   * time, waiting while the client has not read what was sent, and ending once `maxAnswerBytes` are sent (the
   * client asks for older events with `until`, as past a limit). False when the subscription was closed or
   * replaced, or the connection went, meanwhile.
   */
  private async sendStored(db: Database, subId: string, filters: Filter[], upTo: number): Promise<boolean> {
    const current = () => this.subscriptions.get(subId)?.filters === filters;
    const seen = new Set<string>();
    let bytes = 0;
    for (const filter of filters) {
      let wanted = wantedCount(filter);
      let start: PageStart | undefined;
      while (wanted > 0) {
        const size = Math.min(wanted, relayLimits.answerPageSize);
        await nextTurn();
        const page = await storedPage(db, filter, this.readers, upTo, start, size);
        for (const row of page) {
          start = row;
          wanted -= 1;
          if (seen.has(row.id)) continue;
          seen.add(row.id);
          if (!(await this.host.room()) || !current()) return false;
          if (bytes >= relayLimits.maxAnswerBytes) return true;
          bytes += this.host.send(["EVENT", subId, wireEvent(row)]);
        }
        if (page.length < size) break;
      }
    }
    return current();
  }

  private async onAuth(value: unknown): Promise<void> {
    const id = typeof value === "object" && value !== null ? (value as { id?: unknown }).id : undefined;
    const refuse = (reason: string) => this.tell(["OK", typeof id === "string" ? id : "", false, reason]);
    if (!this.events.take()) return refuse("rate-limited: slow down, at most 30 events a minute");
    const structure = structureProblem(value);
    if (structure) return refuse(structure);
    const event = value as Event;
    if (event.kind !== kinds.clientAuth) return refuse("invalid: an authentication event has kind 22242");
    const tag = (name: string) => event.tags.find((t) => t[0] === name)?.[1];
    if (tag("challenge") !== this.challenge) return refuse("invalid: the challenge does not match");
    if (!this.host.relayHosts.includes(relayHostOf(tag("relay")) ?? ""))
      return refuse("invalid: the relay tag names another relay");
    if (Math.abs(event.created_at - Math.floor(Date.now() / 1000)) > authMaxSkewSeconds) {
      return refuse("invalid: the authentication event is too old or too new");
    }
    const signature = signatureProblem(event);
    if (signature) return refuse(signature);
    this.readers.add(event.pubkey);
    this.tell(["OK", event.id, true, ""]);
  }

  /** A newly stored event (sequence `seq`): to every subscription it matches and may be read by. */
  deliver(seq: number, event: Event): void {
    if (!mayRead(event, this.readers)) return;
    for (const [subId, subscription] of this.subscriptions) {
      if (seq <= subscription.afterSeq) continue;
      if (subscription.filters.some((filter) => matchesFilter(filter, event))) this.tell(["EVENT", subId, event]);
    }
  }
}

/** "wss://Daftar.example/relay" → "daftar.example"; the port stays when it is not the scheme's default. */
function relayHostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}
