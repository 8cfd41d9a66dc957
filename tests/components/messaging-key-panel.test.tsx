// @vitest-environment jsdom
/**
 * The messaging key's panel: the passphrase is checked before anything runs, never sent (only the key's public
 * half, its ncryptsec and proof go to the API), a wrong passphrase or a damaged stored key is said in the
 * page's language with nothing held, and a key another tab made first is adopted.
 */
import { screen, waitFor } from "@testing-library/react";
import * as nip49 from "nostr-tools/nip49";
import { generateSecretKey, getPublicKey } from "nostr-tools/pure";
import { hexToBytes } from "nostr-tools/utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MessagingKeyPanel } from "~/nostr/ui/messaging-key-panel";
import { apiDouble, ok } from "./api-double";
import { renderPage, text } from "./render";

// NIP-49's published test vector: this ncryptsec holds this secret under the password "nostr".
const vectorSecret = "3501454135014541350145413501453fefb02227e449e57cf4d3a3ce05378683";
const stored = {
  pubkey: getPublicKey(hexToBytes(vectorSecret)),
  ncryptsec:
    "ncryptsec1qgg9947rlpvqu76pj5ecreduf9jxhselq2nae2kghhvd5g7dgjtcxfqtd67p9m0w57lspw8gsq6yphnm8623nsl8xn9j4jdzz84zm3frztj3z7s35vpzmqf6ksu8r89qk5z2zxfmu5gv8th8wclt0h4p",
};
const path = "/api/nostr/messaging-key";

afterEach(() => sessionStorage.clear());

describe("unlocking", () => {
  it("says in Persian that a wrong passphrase does not open the key, and holds nothing", async () => {
    const onReady = vi.fn();
    const view = renderPage(<MessagingKeyPanel stored={stored} onReady={onReady} />, { path: "/inbox" });
    await view.user.type(screen.getByLabelText(text("fa", "nostr.messaging.passphrase")), "nostr!{Enter}");
    expect(await screen.findByText(text("fa", "nostr.messaging.wrongPassphrase"))).toBeDefined();
    expect(onReady).not.toHaveBeenCalled();
    expect(sessionStorage.getItem("messaging-key")).toBeNull();
    expect(view.api.calls).toHaveLength(0);
  });

  it("says a damaged stored key is damaged, in English, without running scrypt on it", async () => {
    const onReady = vi.fn();
    const damaged = { ...stored, ncryptsec: stored.ncryptsec.replace("qgg9947", "qgg9948") };
    const view = renderPage(<MessagingKeyPanel stored={damaged} onReady={onReady} />, { locale: "en", path: "/inbox" });
    await view.user.type(screen.getByLabelText(text("en", "nostr.messaging.passphrase")), "nostr{Enter}");
    expect(await screen.findByText(text("en", "nostr.messaging.corrupt"))).toBeDefined();
    expect(onReady).not.toHaveBeenCalled();
  });

  it("opens with the right passphrase and holds the key for the session", async () => {
    const onReady = vi.fn();
    const view = renderPage(<MessagingKeyPanel stored={stored} onReady={onReady} />, { locale: "en", path: "/inbox" });
    await view.user.type(screen.getByLabelText(text("en", "nostr.messaging.passphrase")), "nostr{Enter}");
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));
    expect(onReady.mock.calls[0]![0]).toMatchObject({ pubkey: stored.pubkey });
    expect(sessionStorage.getItem("messaging-key")).toBe(vectorSecret);
  });
});

describe("making the key", () => {
  const passphrase = "عبارت عبور بلند من";

  it("checks the passphrase's length and repetition before anything runs", async () => {
    const view = renderPage(<MessagingKeyPanel stored={null} onReady={() => {}} />, { locale: "en", path: "/inbox" });
    await view.user.type(screen.getByLabelText(text("en", "nostr.messaging.passphrase")), "short");
    await view.user.type(screen.getByLabelText(text("en", "nostr.messaging.passphraseAgain")), "shorter{Enter}");
    expect(await screen.findByText(text("en", "nostr.messaging.passphraseShort", { min: 10 }))).toBeDefined();
    expect(screen.getByText(text("en", "nostr.messaging.passphraseMismatch"))).toBeDefined();
    expect(view.api.calls).toHaveLength(0);
  });

  it("sends the public key, the ncryptsec and the proof, never the passphrase, and holds the key once kept", async () => {
    const api = apiDouble().on("POST", path, (call) => {
      const body = call.body as { pubkey: string; ncryptsec: string };
      return ok({ message: "ok", created: true, key: { pubkey: body.pubkey, ncryptsec: body.ncryptsec } }, 201);
    });
    const onReady = vi.fn();
    const view = renderPage(<MessagingKeyPanel stored={null} onReady={onReady} />, { path: "/inbox", api });
    await view.user.type(screen.getByLabelText(text("fa", "nostr.messaging.passphrase")), passphrase);
    await view.user.type(screen.getByLabelText(text("fa", "nostr.messaging.passphraseAgain")), `${passphrase}{Enter}`);
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));
    const [call] = api.callsTo(path);
    const body = call!.body as { pubkey: string; ncryptsec: string; proof: { pubkey: string } };
    expect(JSON.stringify(body)).not.toContain(passphrase);
    expect(body.proof.pubkey).toBe(body.pubkey);
    expect(getPublicKey(nip49.decrypt(body.ncryptsec, passphrase))).toBe(body.pubkey);
    expect(onReady.mock.calls[0]![0]).toMatchObject({ pubkey: body.pubkey });
  });

  it("adopts the key another tab made first, asking for the passphrase chosen there", async () => {
    const other = generateSecretKey();
    const theirs = { pubkey: getPublicKey(other), ncryptsec: nip49.encrypt(other, "the other tab's passphrase", 16) };
    const api = apiDouble().on("POST", path, () => ok({ message: "adopted", created: false, key: theirs }));
    const onReady = vi.fn();
    const view = renderPage(<MessagingKeyPanel stored={null} onReady={onReady} />, {
      locale: "en",
      path: "/inbox",
      api,
    });
    await view.user.type(screen.getByLabelText(text("en", "nostr.messaging.passphrase")), "my own passphrase");
    await view.user.type(
      screen.getByLabelText(text("en", "nostr.messaging.passphraseAgain")),
      "my own passphrase{Enter}",
    );
    expect(await screen.findByText(text("en", "nostr.messaging.otherTab"))).toBeDefined();
    expect(onReady).not.toHaveBeenCalled();
    expect(sessionStorage.getItem("messaging-key")).toBeNull();
    await view.user.type(
      screen.getByLabelText(text("en", "nostr.messaging.passphrase")),
      "the other tab's passphrase{Enter}",
    );
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));
    expect(onReady.mock.calls[0]![0]).toMatchObject({ pubkey: theirs.pubkey });
  });
});
