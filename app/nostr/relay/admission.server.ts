/**
 * What one client address may take from this instance's relay: open connections (per address and in all) and
 * messages (a budget shared by all of the address's connections). Counted in this process's memory: these
 * bounds protect this process (its memory, its event loop), which the connections belong to; what must hold
 * across instances (what the relay stores) is counted in the database instead.
 */
import { relayLimits } from "./limits";

export interface Caps {
  /** Open connections on this instance. */
  total: number;
  /** Open connections from one address. */
  perAddress: number;
}

export type Admission =
  { admitted: true; release: () => void } | { admitted: false; status: 429 | 503; reason: string; retryAfter: number };

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per address: `burst` messages at once, refilled at `perMinute`. A connection opened costs one
 * message, so reconnecting does not refill anything.
 */
export class Admissions {
  private readonly open = new Map<string, number>();
  private total = 0;
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly caps: () => Caps,
    private readonly budget: { burst: number; perMinute: number } = {
      burst: relayLimits.addressBurst,
      perMinute: relayLimits.addressMessagesPerMinute,
    },
    private readonly now = () => Date.now(),
  ) {}

  /** Takes a connection slot for `address`, or says why not (429: this address has too many, 503: the relay is full). */
  admit(address: string): Admission {
    const caps = this.caps();
    if ((this.open.get(address) ?? 0) >= caps.perAddress) {
      return {
        admitted: false,
        status: 429,
        reason: `at most ${caps.perAddress} relay connections from one address`,
        retryAfter: 10,
      };
    }
    if (this.total >= caps.total) {
      return { admitted: false, status: 503, reason: "the relay has no room for more connections", retryAfter: 30 };
    }
    if (!this.spend(address)) {
      return { admitted: false, status: 429, reason: "too many relay messages from this address", retryAfter: 10 };
    }
    this.open.set(address, (this.open.get(address) ?? 0) + 1);
    this.total += 1;
    let released = false;
    return {
      admitted: true,
      release: () => {
        if (released) return;
        released = true;
        this.total -= 1;
        const left = (this.open.get(address) ?? 1) - 1;
        if (left > 0) this.open.set(address, left);
        else this.open.delete(address);
      },
    };
  }

  /** Spends one message of `address`'s budget; false when it has none left. */
  spend(address: string): boolean {
    const now = this.now();
    const { burst, perMinute } = this.budget;
    const bucket = this.buckets.get(address) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) * perMinute) / 60_000);
    bucket.at = now;
    this.buckets.set(address, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Forgets addresses whose budget is whole again and which hold no connection (called now and then). */
  sweep(): void {
    const now = this.now();
    const { burst, perMinute } = this.budget;
    for (const [address, bucket] of this.buckets) {
      const full = bucket.tokens + ((now - bucket.at) * perMinute) / 60_000 >= burst;
      if (full && !this.open.has(address)) this.buckets.delete(address);
    }
  }

  /** Open connections: in all, and from `address`. */
  count(address?: string): number {
    return address === undefined ? this.total : (this.open.get(address) ?? 0);
  }
}
