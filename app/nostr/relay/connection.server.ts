/**
 * One client's connection to the relay: NIP-01 messages (EVENT, REQ, CLOSE) and NIP-42 AUTH, answered with
 * OK, EVENT, EOSE, CLOSED and NOTICE. Limits per connection: message size, open subscriptions, filters per
 * request, events and requests per minute.
 */
import { randomBytes } from "node:crypto";
import type { Event } from "nostr-tools/pure";
import { getDb, type Database } from "~/db/client.server";
import { asksForGiftWraps, matchesFilter, mayRead, parseFilter, queryFilter, type Filter } from "./filters.server";
import { policyProblem, signatureProblem, structureProblem, timeProblem } from "./accept.server";
import { kinds, relayLimits } from "./limits";
import { lastSeq, saveEvent, wireEvent } from "./store.server";

export interface Subscription {
  filters: Filter[];
  /** Live delivery sends events stored after this sequence number; the initial query covered the rest. */
  afterSeq: number;
}

/** What the connection needs from the relay around it. */
export interface ConnectionHost {
  send(message: unknown[]): void;
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
  write<T>(work: (tx: Database) => Promise<T>): Promise<T>;
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

export class RelayConnection {
  readonly subscriptions = new Map<string, Subscription>();
  /** Public keys this connection has proven (NIP-42): gift wraps to them may be served here. */
  readonly readers = new Set<string>();
  readonly challenge = randomBytes(16).toString("hex");
  private readonly events = new Budget(relayLimits.eventsPerMinute);
  private readonly requests = new Budget(relayLimits.requestsPerMinute);

  constructor(private readonly host: ConnectionHost) {}

  open(): void {
    this.host.send(["AUTH", this.challenge]);
  }

  async receive(raw: string, bytes: number): Promise<void> {
    if (bytes > relayLimits.maxMessageLength) {
      // Not parsed (that is what the limit spares), but an EVENT's id is found so its OK can name it.
      const id = /^\s*\[\s*"EVENT"/.test(raw) ? /(?<!\\)"id"\s*:\s*"([0-9a-f]{64})"/.exec(raw)?.[1] : undefined;
      const reason = `invalid: message is larger than ${relayLimits.maxMessageLength} bytes`;
      this.host.send(id ? ["OK", id, false, reason] : ["NOTICE", reason]);
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      this.host.send(["NOTICE", "invalid: message is not JSON"]);
      return;
    }
    if (!Array.isArray(message) || typeof message[0] !== "string") {
      this.host.send(["NOTICE", "invalid: a message is a JSON array starting with its type"]);
      return;
    }
    switch (message[0]) {
      case "EVENT":
        return this.onEvent(message[1]);
      case "REQ":
        return this.onRequest(message[1], message.slice(2));
      case "CLOSE":
        if (typeof message[1] === "string") this.subscriptions.delete(message[1]);
        return;
      case "AUTH":
        return this.onAuth(message[1]);
      default:
        this.host.send(["NOTICE", `unsupported: message type ${JSON.stringify(message[0].slice(0, 16))}`]);
    }
  }

  private async onEvent(value: unknown): Promise<void> {
    const id = typeof value === "object" && value !== null ? (value as { id?: unknown }).id : undefined;
    const idText = typeof id === "string" ? id : "";
    const refuse = (reason: string) => this.host.send(["OK", idText, false, reason]);
    if (!this.events.take()) return refuse("rate-limited: slow down, at most 30 events a minute");
    const structure = structureProblem(value);
    if (structure) return refuse(structure);
    const event = value as Event;
    const problem = signatureProblem(event) ?? timeProblem(event);
    if (problem) return refuse(problem);
    if (event.kind === kinds.clientAuth) return refuse("invalid: authentication events are sent with AUTH");
    try {
      const db = await getDb();
      const policy = await policyProblem(db, event, this.readers);
      if (policy) return refuse(policy);
      const result = await this.host.write((tx) => saveEvent(tx, event));
      if (result === "saved") this.host.stored();
      this.host.send([
        "OK",
        event.id,
        true,
        result === "duplicate"
          ? "duplicate: already have this event"
          : result === "older"
            ? "duplicate: a newer version of this event is stored"
            : "",
      ]);
    } catch (error) {
      console.error("Relay: storing an event failed:", error instanceof Error ? error.message : error);
      refuse("error: could not store the event, try again later");
    }
  }

  private async onRequest(subId: unknown, rawFilters: unknown[]): Promise<void> {
    if (typeof subId !== "string" || subId.length === 0 || subId.length > relayLimits.maxSubidLength) {
      this.host.send([
        "NOTICE",
        `invalid: a subscription id is a string of 1 to ${relayLimits.maxSubidLength} characters`,
      ]);
      return;
    }
    const closed = (reason: string) => {
      this.subscriptions.delete(subId);
      this.host.send(["CLOSED", subId, reason]);
    };
    if (!this.requests.take()) return closed("rate-limited: slow down, at most 120 requests a minute");
    if (!this.subscriptions.has(subId) && this.subscriptions.size >= relayLimits.maxSubscriptions) {
      return closed(`blocked: at most ${relayLimits.maxSubscriptions} open subscriptions per connection`);
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
      this.subscriptions.set(subId, { filters, afterSeq: boundary });
      const seen = new Set<string>();
      const found: Event[] = [];
      for (const filter of filters) {
        for (const row of await queryFilter(db, filter, this.readers)) {
          if (row.seq > boundary || seen.has(row.id)) continue;
          seen.add(row.id);
          found.push(wireEvent(row));
        }
      }
      found.sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? -1 : 1));
      // The subscription may have been closed or replaced while the query ran.
      if (this.subscriptions.get(subId)?.filters !== filters) return;
      for (const event of found) this.host.send(["EVENT", subId, event]);
      this.host.send(["EOSE", subId]);
    } catch (error) {
      console.error("Relay: a query failed:", error instanceof Error ? error.message : error);
      closed("error: could not read stored events, try again later");
    }
  }

  private async onAuth(value: unknown): Promise<void> {
    const id = typeof value === "object" && value !== null ? (value as { id?: unknown }).id : undefined;
    const refuse = (reason: string) => this.host.send(["OK", typeof id === "string" ? id : "", false, reason]);
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
    this.host.send(["OK", event.id, true, ""]);
  }

  /** A newly stored event (sequence `seq`): to every subscription it matches and may be read by. */
  deliver(seq: number, event: Event): void {
    if (!mayRead(event, this.readers)) return;
    for (const [subId, subscription] of this.subscriptions) {
      if (seq <= subscription.afterSeq) continue;
      if (subscription.filters.some((filter) => matchesFilter(filter, event))) this.host.send(["EVENT", subId, event]);
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
