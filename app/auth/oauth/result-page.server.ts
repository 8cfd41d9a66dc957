import { dirOf, localizePath, type Locale } from "~/i18n/locales";
import type { TFunction } from "~/i18n/translate";
import { oauthChannelName, type OAuthResult } from "./provider-info";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The page the provider sends the popup back to: it hands the result to the opener (BroadcastChannel, and
 * postMessage when the opener is still reachable) and closes. Without a popup it offers a link back.
 */
export function resultPage(
  result: OAuthResult,
  locale: Locale,
  t: TFunction,
  nonce: string,
  headers: Headers,
): Response {
  // JSON inside <script>: "<" escaped so no text can close the element.
  const payload = JSON.stringify(result).replace(/</g, "\\u003c");
  const script = `(function(){var r=${payload};try{var c=new BroadcastChannel(${JSON.stringify(oauthChannelName)});c.postMessage(r);c.close()}catch(e){}try{if(window.opener&&window.opener!==window)window.opener.postMessage(r,location.origin)}catch(e){}setTimeout(function(){window.close()},100)})();`;
  const html = `<!doctype html>
<html lang="${locale}" dir="${dirOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(result.message)}</title></head>
<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0;text-align:center">
<main><p data-testid="oauth-result" style="font-size:1.1rem">${escapeHtml(result.message)}</p><p style="color:#52525b">${escapeHtml(t("auth.oauth.done"))}</p><p><a href="${localizePath("/", locale)}">${escapeHtml(t("auth.oauth.back"))}</a></p></main>
<script nonce="${escapeHtml(nonce)}">${script}</script>
</body></html>`;
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(html, { status: result.ok ? 200 : 400, headers });
}
