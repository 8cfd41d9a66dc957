import { describe, expect, test } from "vitest";
import { addressKey } from "~/lib/address-key.server";
import { Admissions } from "~/nostr/relay/admission.server";

describe("addressKey", () => {
  test("an IPv4 address is itself, also written as IPv6", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("")).toBe("unknown");
  });

  test("an IPv6 address counts by its /64, however it is written", () => {
    expect(addressKey("2001:db8:5:6::1")).toBe("2001:db8:5:6::/64");
    expect(addressKey("2001:0DB8:0005:0006:ffff:ffff:ffff:ffff")).toBe("2001:db8:5:6::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("2001:db8:5:7::1")).not.toBe(addressKey("2001:db8:5:6::1"));
  });
});

describe("Admissions", () => {
  const make = (
    caps = { total: 3, perAddress: 2 },
    budget: { burst: number; perMinute: number } = { burst: 5, perMinute: 60 },
  ) => {
    let now = 0;
    const admissions = new Admissions(
      () => caps,
      budget,
      () => now,
    );
    return { admissions, advance: (ms: number) => (now += ms) };
  };

  test("caps connections per address (429) and in all (503); a release, given once, frees one slot", () => {
    const { admissions } = make();
    const a1 = admissions.admit("a");
    const a2 = admissions.admit("a");
    expect(admissions.admit("a")).toMatchObject({ admitted: false, status: 429, retryAfter: 10 });
    const b1 = admissions.admit("b");
    expect(admissions.admit("c")).toMatchObject({ admitted: false, status: 503, retryAfter: 30 });
    if (!a1.admitted || !a2.admitted || !b1.admitted) throw new Error("expected admissions");
    a1.release();
    a1.release();
    expect(admissions.count()).toBe(2);
    expect(admissions.count("a")).toBe(1);
    expect(admissions.admit("c").admitted).toBe(true);
  });

  test("one message budget per address, opening a connection included, refilled over time", () => {
    const { admissions, advance } = make({ total: 10, perAddress: 10 });
    expect(admissions.admit("a").admitted).toBe(true);
    for (let i = 0; i < 4; i++) expect(admissions.spend("a")).toBe(true);
    expect(admissions.spend("a")).toBe(false);
    expect(admissions.admit("a")).toMatchObject({ admitted: false, status: 429 });
    // Another address has its own.
    expect(admissions.spend("b")).toBe(true);
    // 60 a minute: one a second.
    advance(1000);
    expect(admissions.spend("a")).toBe(true);
    expect(admissions.spend("a")).toBe(false);
  });
});
