import { describe, expect, test } from "vitest";
import { addressKind, contains, parseAddress, parseNetwork } from "~/lib/address-kind.server";

describe("public addresses are public", () => {
  test.each([
    "1.1.1.1",
    "8.8.8.8",
    "93.184.216.34",
    "140.82.112.3",
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.0.1.1",
    "192.169.0.1",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:93.184.216.34",
    "::ffff:5db8:d822",
    "64:ff9b::808:808",
    "2002:5db8:d822::1",
    "[2606:4700:4700::1111]",
  ])("%s", (address) => {
    expect(addressKind(address)).toBe("public");
  });
});

describe("addresses that are not public, by kind", () => {
  test.each([
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["10.0.0.5", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["127.0.0.1", "loopback"],
    ["127.1.2.3", "loopback"],
    ["169.254.169.254", "linkLocal"],
    ["100.64.0.1", "sharedAddress"],
    ["100.127.255.255", "sharedAddress"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["192.0.2.10", "documentation"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["192.0.0.8", "reserved"],
    ["198.18.0.1", "reserved"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["fec0::1", "private"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["3fff::1", "documentation"],
    ["2001::1", "reserved"],
    ["100::1", "reserved"],
    ["4000::1", "reserved"],
    ["::1.2.3.4", "reserved"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["64:ff9b::7f00:1", "loopback"],
    ["64:ff9b::10.0.0.1", "private"],
    ["64:ff9b:1::1", "private"],
    ["2002:7f00:1::", "loopback"],
    ["2002:c0a8:101::1", "private"],
    ["not an address", "reserved"],
    ["", "reserved"],
  ])("%s is %s", (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });
});

describe("networks", () => {
  test("a network holds its addresses and no others, in its own family only", () => {
    const ten = parseNetwork("10.0.0.0/8")!;
    expect(contains(ten, parseAddress("10.255.0.1")!)).toBe(true);
    expect(contains(ten, parseAddress("11.0.0.1")!)).toBe(false);
    expect(contains(ten, parseAddress("::ffff:10.0.0.1")!)).toBe(false);
    const one = parseNetwork("127.0.0.2")!;
    expect(one.prefix).toBe(32);
    expect(contains(one, parseAddress("127.0.0.2")!)).toBe(true);
    expect(contains(one, parseAddress("127.0.0.1")!)).toBe(false);
    const ula = parseNetwork("fd00::/8")!;
    expect(contains(ula, parseAddress("fd12::1")!)).toBe(true);
    expect(contains(ula, parseAddress("fe80::1")!)).toBe(false);
    expect(parseNetwork("0.0.0.0/0")!.prefix).toBe(0);
  });

  test.each(["10.0.0.0/33", "::/129", "10.0.0/8", "10.0.0.0/8/1", "host.example", "10.0.0.0/x", "fe80::1%eth0"])(
    "%s is not a network",
    (text) => {
      expect(parseNetwork(text)).toBeUndefined();
    },
  );

  test("IPv6 written with an IPv4 tail reads as the same number", () => {
    expect(parseAddress("::ffff:127.0.0.1")!.bits).toBe(parseAddress("::ffff:7f00:1")!.bits);
    expect(parseAddress("1:2:3:4:5:6:1.2.3.4")!.bits).toBe(parseAddress("1:2:3:4:5:6:102:304")!.bits);
    expect(parseAddress("64:ff9b::1.2.3.4")!.bits).toBe(parseAddress("64:ff9b::102:304")!.bits);
  });
});
