/** What the browser knows of the sign-in providers (the configuration lives in providers.server.ts). */
export type ProviderId = "github" | "oidc";

export interface ProviderInfo {
  id: ProviderId;
  /** The name on the provider's button. */
  name: string;
}

/** What the OAuth callback page tells the window that opened it. */
export interface OAuthResult {
  type: "daftar:oauth";
  ok: boolean;
  message: string;
  mode: "login" | "link";
  /** The sign-in waits for the account's second factor (the second step's page asks for it). */
  secondStep?: boolean;
}

export const oauthChannelName = "daftar-auth";
