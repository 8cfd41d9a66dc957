/**
 * Where a visitor came from: the host name of the page that linked here when it is another site ("www." left
 * out, so one site is one row), else the campaign a link names (`utm_source`, `ref` or `source`), else nothing
 * (typed, bookmarked, or a browser that sends no Referer).
 */
const MAX_SOURCE = 100;

export function referrerSource(referer: string | undefined, url: URL): string | null {
  const from = referer ? URL.parse(referer) : null;
  if (from && (from.protocol === "http:" || from.protocol === "https:") && from.hostname) {
    const host = from.hostname.toLowerCase().replace(/^www\./, "");
    const own = url.hostname.toLowerCase().replace(/^www\./, "");
    // A host name is letters, digits, dots and dashes (international names arrive in punycode); anything else is
    // no site anyone came from.
    if (host !== own && /^[a-z0-9.-]+$/.test(host)) return host.slice(0, MAX_SOURCE);
  }
  const campaign = url.searchParams.get("utm_source") ?? url.searchParams.get("ref") ?? url.searchParams.get("source");
  // eslint-disable-next-line no-control-regex -- a campaign name is one short line of visible text
  const cleaned = campaign?.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  return cleaned ? cleaned.toLowerCase().slice(0, MAX_SOURCE) : null;
}
