/**
 * The authorization code exchanged for tokens at a provider's token endpoint (RFC 6749 §4.1.3, with PKCE's
 * verifier when there is one), through the outbound module: arctic builds the authorization addresses, but its own
 * token requests use the global fetch, which no address rule governs.
 */
import { OAuth2Tokens } from "arctic";
import { outboundFetch } from "~/lib/outbound.server";

export interface CodeExchange {
  tokenEndpoint: string;
  clientId: string;
  /** Sent as HTTP Basic credentials; a public client (null) sends its id in the body instead. */
  clientSecret: string | null;
  code: string;
  redirectUri: string;
  codeVerifier?: string;
}

export async function exchangeCode(exchange: CodeExchange): Promise<OAuth2Tokens> {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code: exchange.code,
    redirect_uri: exchange.redirectUri,
  });
  if (exchange.codeVerifier) body.set("code_verifier", exchange.codeVerifier);
  const headers: Record<string, string> = {
    "Content-Type": "application/x-www-form-urlencoded",
    Accept: "application/json",
    "User-Agent": "Daftar",
  };
  if (exchange.clientSecret === null) body.set("client_id", exchange.clientId);
  else {
    const credentials = `${encodeURIComponent(exchange.clientId)}:${encodeURIComponent(exchange.clientSecret)}`;
    headers.Authorization = `Basic ${Buffer.from(credentials).toString("base64")}`;
  }
  const response = await outboundFetch("operator", { maxBytes: 1024 * 1024 })(exchange.tokenEndpoint, {
    method: "POST",
    headers,
    body: body.toString(),
  });
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  // GitHub answers a refused code with 200 and an "error" field; others with 400 or 401.
  if (response.status !== 200 || !data || typeof data !== "object" || "error" in data) {
    const code = data && typeof data.error === "string" ? ` (${data.error.slice(0, 60)})` : "";
    throw new Error(`The token endpoint refused the code: ${response.status}${code}`);
  }
  return new OAuth2Tokens(data);
}
