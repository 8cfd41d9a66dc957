import type { Locale } from "~/i18n/locales";
import { readIdentity } from "~/identity/store";
import { oauthChannelName, type OAuthResult, type ProviderId } from "./oauth/provider-info";

function isResult(value: unknown): value is OAuthResult {
  return typeof value === "object" && value !== null && (value as OAuthResult).type === "daftar:oauth";
}

/**
 * Signs in (or links an account) with a provider in a popup. The callback page hands the result back
 * over a BroadcastChannel (and postMessage) and closes itself. When popups are blocked the same flow runs in
 * this window and comes back to `returnTo`.
 */
export function openOAuth(
  provider: ProviderId,
  options: { mode: "login" | "link"; locale: Locale; returnTo: string; onResult: (result: OAuthResult) => void },
): void {
  const identity = readIdentity();
  const params = new URLSearchParams({ mode: options.mode, locale: options.locale, returnTo: options.returnTo, popup: "1" });
  if (identity) {
    params.set("pub", identity.pub);
    params.set("deviceName", identity.deviceName);
  }
  const url = `/api/oauth/${provider}/start?${params}`;
  const popup = window.open(url, "daftar-oauth", "popup,width=520,height=680");
  if (!popup) {
    params.set("popup", "0");
    window.location.assign(`/api/oauth/${provider}/start?${params}`);
    return;
  }
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
