import type { Locale } from "~/i18n/locales";
import { loadIdentityMaker } from "~/keys/store";
import { oauthChannelName, type OAuthResult, type ProviderId } from "./oauth/provider-info";

function isResult(value: unknown): value is OAuthResult {
  return typeof value === "object" && value !== null && (value as OAuthResult).type === "daftar:oauth";
}

/**
 * Signs in (or links an account) with a provider in a popup. The callback page hands the result back
 * over a BroadcastChannel (and postMessage) and closes itself. When popups are blocked the same flow runs in
 * this window and comes back to `returnTo`.
 */
export async function openOAuth(
  provider: ProviderId,
  options: { mode: "login" | "link"; locale: Locale; returnTo: string; onResult: (result: OAuthResult) => void },
): Promise<void> {
  // The popup opens at once, inside the click (or it would be blocked), and goes to the provider once this
  // browser's identity key is at hand: it is recorded as the account's device.
  const popup = window.open("", "daftar-oauth", "popup,width=520,height=680");
  const identity = await loadIdentityMaker()
    .then(async (maker) => {
      const profile = await maker.ensureIdentity(options.locale);
      const proven = maker.provenKey("oauth");
      return proven ? { ...proven, deviceName: profile.deviceName } : null;
    })
    .catch(() => null);
  const params = new URLSearchParams({
    mode: options.mode,
    locale: options.locale,
    returnTo: options.returnTo,
    popup: "1",
  });
  if (identity) {
    params.set("pub", identity.pub);
    params.set("proof", JSON.stringify(identity.proof));
    params.set("deviceName", identity.deviceName);
  }
  if (!popup) {
    params.set("popup", "0");
    window.location.assign(`/api/oauth/${provider}/start?${params}`);
    return;
  }
  popup.location.href = `/api/oauth/${provider}/start?${params}`;
  let done = false;
  const channel = "BroadcastChannel" in window ? new BroadcastChannel(oauthChannelName) : undefined;
  const finish = (result: unknown) => {
    if (done || !isResult(result)) return;
    done = true;
    channel?.close();
    window.removeEventListener("message", onMessage);
    options.onResult(result);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin) finish(event.data);
  };
  if (channel) channel.onmessage = (event) => finish(event.data);
  window.addEventListener("message", onMessage);
}
