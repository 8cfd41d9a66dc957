/**
 * A lightning wallet's LNURL server for tests, on a free loopback port: it follows the contracts a real one
 * does (LUD-06 pay endpoint, LUD-16 address path, NIP-57 appendices C and D: allowsNostr, nostrPubkey, zap
 * request checks) and, when told a payment arrived, publishes the NIP-57 zap receipt to the request's relays.
 * Only the Lightning node is pretended: its invoices are well-formed bech32 with the right amount, unsigned.
 */
import { createServer, type Server } from "node:http";
import { bech32 } from "@scure/base";
import { makeZapReceipt, validateZapRequest } from "nostr-tools/nip57";
import { finalizeEvent, generateSecretKey, getPublicKey, type Event } from "nostr-tools/pure";
import { Relay } from "nostr-tools/relay";

export interface LnurlServer {
  url: string;
  /** The wallet's Nostr key (nostrPubkey): it signs zap receipts. */
  nostrPubkey: string;
  /** user@127.0.0.1:port for `user`. */
  address(user: string): string;
  /** Every callback request, as received. */
  requests: { amount: string | null; nostr: string | null; lnurl: string | null }[];
  /** How many times the pay endpoint (LUD-06's first request) has been read. */
  readonly endpointReads: number;
  /** Pays invoice `pr` (as a wallet would be told by its node) and publishes the receipt. */
  pay(pr: string): Promise<Event>;
  /** Makes the endpoint answer without nostr support, or with broken JSON. */
  mode: "zaps" | "plain" | "broken";
  close(): Promise<void>;
}

/** An invoice for `msats` on mainnet: amount in the human-readable part (LN BOLT-11), bech32 with a valid checksum. */
function invoiceFor(msats: number, seed: number): string {
  const hrp = msats % 1000 === 0 ? `lnbc${(msats / 1000) * 10}n` : `lnbc${msats * 10}p`;
  const words = Array.from({ length: 120 }, (_, i) => (i * 7 + seed) % 32);
  return bech32.encode(hrp, words, 5000);
}

export async function startLnurlServer(): Promise<LnurlServer> {
  const secret = generateSecretKey();
  const nostrPubkey = getPublicKey(secret);
  const invoices = new Map<string, string>();
  const requests: LnurlServer["requests"] = [];
  let seed = 0;
  const state = { mode: "zaps" as LnurlServer["mode"], endpointReads: 0 };
  let base = "";
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", base);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    const payMatch = /^\/\.well-known\/lnurlp\/([a-z0-9._-]+)$/.exec(url.pathname);
    if (payMatch) {
      state.endpointReads += 1;
      if (state.mode === "broken") return send(200, "{not json");
      return send(200, {
        tag: "payRequest",
        callback: `${base}/lnurlp/${payMatch[1]}/callback`,
        minSendable: 1000,
        maxSendable: 1_000_000_000,
        metadata: JSON.stringify([["text/plain", `Pay ${payMatch[1]}`]]),
        ...(state.mode === "zaps" ? { allowsNostr: true, nostrPubkey } : {}),
      });
    }
    if (/^\/lnurlp\/[a-z0-9._-]+\/callback$/.test(url.pathname)) {
      const amount = url.searchParams.get("amount");
      const nostr = url.searchParams.get("nostr");
      requests.push({ amount, nostr, lnurl: url.searchParams.get("lnurl") });
      if (!amount || !/^\d+$/.test(amount)) return send(200, { status: "ERROR", reason: "amount missing" });
      if (nostr) {
        // NIP-57 appendix D.
        const problem = validateZapRequest(nostr);
        if (problem) return send(200, { status: "ERROR", reason: problem });
        const event = JSON.parse(nostr) as Event;
        if (event.tags.filter((t) => t[0] === "p").length !== 1)
          return send(200, { status: "ERROR", reason: "one p tag" });
        if (event.tags.filter((t) => t[0] === "e").length > 1) return send(200, { status: "ERROR", reason: "e tags" });
        const amountTag = event.tags.find((t) => t[0] === "amount")?.[1];
        if (amountTag !== undefined && amountTag !== amount)
          return send(200, { status: "ERROR", reason: "amount differs" });
      }
      const pr = invoiceFor(Number(amount), seed++);
      if (nostr) invoices.set(pr, nostr);
      return send(200, { pr, routes: [] });
    }
    send(404, { status: "ERROR", reason: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    url: base,
    nostrPubkey,
    address: (user) => `${user}@${new URL(base).host}`,
    requests,
    get endpointReads() {
      return state.endpointReads;
    },
    get mode() {
      return state.mode;
    },
    set mode(value) {
      state.mode = value;
    },
    async pay(pr) {
      const zapRequest = invoices.get(pr);
      if (!zapRequest) throw new Error("unknown invoice");
      const receipt = finalizeEvent(makeZapReceipt({ zapRequest, bolt11: pr, paidAt: new Date() }), secret);
      const relays = (JSON.parse(zapRequest) as Event).tags.find((t) => t[0] === "relays")!.slice(1);
      for (const url of relays) {
        const relay = await Relay.connect(url);
        await relay.publish(receipt);
        relay.close();
      }
      return receipt;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
