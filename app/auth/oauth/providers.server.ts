/**
 * Sign-in providers, configured from the environment (README, "Configuration"): GitHub through arctic, and
 * any OpenID Connect provider by its issuer URL (discovery, authorization code with PKCE and a nonce).
 */
import { CodeChallengeMethod, GitHub, OAuth2Client } from "arctic";
import { config } from "~/config.server";
import { outboundFetch } from "~/lib/outbound.server";
import { verifyIdToken } from "./id-token.server";
import { exchangeCode } from "./token-request.server";
import type { ProviderInfo } from "./provider-info";

/** Who the provider says signed in. */
export interface ExternalIdentity {
  subject: string;
  userName?: string;
  firstName?: string;
  lastName?: string;
  name?: string;
  email?: string;
}

export interface FlowSecrets {
  state: string;
  codeVerifier: string;
  nonce: string;
}

export interface Provider extends ProviderInfo {
  authorizationUrl(secrets: FlowSecrets, redirectUri: string): Promise<URL>;
  identify(code: string, secrets: FlowSecrets, redirectUri: string): Promise<ExternalIdentity>;
}

/** The configured providers, for the sign-in buttons. */
export function configuredProviders(): ProviderInfo[] {
  return (["github", "oidc"] as const)
    .map(providerById)
    .filter((p) => p !== undefined)
    .map(({ id, name }) => ({ id, name }));
}

export function providerById(id: string): Provider | undefined {
  const settings = config();
  if (id === "github" && settings.github) return github(settings.github.clientId, settings.github.clientSecret);
  if (id === "oidc" && settings.oidc) {
    const { issuer, clientId, clientSecret, name } = settings.oidc;
    return openIdConnect(issuer, clientId, clientSecret ?? null, name);
  }
  return undefined;
}

function github(clientId: string, clientSecret: string): Provider {
  return {
    id: "github",
    name: "GitHub",
    async authorizationUrl({ state }, redirectUri) {
      return new GitHub(clientId, clientSecret, redirectUri).createAuthorizationURL(state, ["read:user"]);
    },
    async identify(code, _secrets, redirectUri) {
      const tokens = await exchangeCode({
        tokenEndpoint: "https://github.com/login/oauth/access_token",
        clientId,
        clientSecret,
        code,
        redirectUri,
      });
      const response = await signInFetch("https://api.github.com/user", {
        headers: {
          Authorization: `Bearer ${tokens.accessToken()}`,
          "User-Agent": "Daftar",
          Accept: "application/json",
        },
      });
      if (!response.ok) throw new Error(`GitHub user lookup answered ${response.status}`);
      const user = (await response.json()) as {
        id: number;
        login: string;
        name?: string | null;
        email?: string | null;
      };
      // GitHub shows only a verified address as a profile's public one.
      return {
        subject: String(user.id),
        userName: user.login,
        name: user.name ?? undefined,
        email: user.email ?? undefined,
      };
    },
  };
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  /** The issuer's signing keys, which ID tokens are checked against. */
  jwks_uri: string;
}

/** Requests to the sign-in provider: addresses the operator configured, through the outbound module. */
const signInFetch = outboundFetch("operator", { timeoutMs: 10_000, maxBytes: 1024 * 1024 });

const discoveries = new Map<string, { at: number; value: Promise<Discovery> }>();

/** The issuer's discovery document, kept for an hour. */
function discover(issuer: string): Promise<Discovery> {
  const cached = discoveries.get(issuer);
  if (cached && Date.now() - cached.at < 60 * 60 * 1000) return cached.value;
  const value = signInFetch(`${issuer}/.well-known/openid-configuration`).then(async (response) => {
    if (!response.ok) throw new Error(`OpenID discovery answered ${response.status}`);
    const document = (await response.json()) as Discovery;
    if (document.issuer.replace(/\/$/, "") !== issuer) throw new Error("OpenID discovery names another issuer");
    if (typeof document.jwks_uri !== "string") throw new Error("OpenID discovery names no signing keys");
    return document;
  });
  value.catch(() => discoveries.delete(issuer));
  discoveries.set(issuer, { at: Date.now(), value });
  return value;
}

type Claims = Record<string, unknown>;
const str = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

function openIdConnect(issuer: string, clientId: string, clientSecret: string | null, name: string): Provider {
  return {
    id: "oidc",
    name,
    async authorizationUrl({ state, codeVerifier, nonce }, redirectUri) {
      const { authorization_endpoint } = await discover(issuer);
      const client = new OAuth2Client(clientId, clientSecret, redirectUri);
      const url = client.createAuthorizationURLWithPKCE(
        authorization_endpoint,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        ["openid", "profile", "email"],
      );
      url.searchParams.set("nonce", nonce);
      return url;
    },
    async identify(code, { codeVerifier, nonce }, redirectUri) {
      const discovery = await discover(issuer);
      const tokens = await exchangeCode({
        tokenEndpoint: discovery.token_endpoint,
        clientId,
        clientSecret,
        code,
        redirectUri,
        codeVerifier,
      });
      // Signature (against the issuer's published keys), issuer, audience, expiry and nonce.
      const claims = await verifyIdToken(tokens.idToken(), {
        issuer,
        clientId,
        nonce,
        jwksUri: discovery.jwks_uri,
      });
      const subject = str(claims.sub);
      if (!subject) throw new Error("ID token without subject");
      let profile: Claims = claims;
      if (discovery.userinfo_endpoint) {
        const response = await signInFetch(discovery.userinfo_endpoint, {
          headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: "application/json" },
        });
        if (response.ok) {
          const info = (await response.json()) as Claims;
          if (info.sub === subject) profile = { ...claims, ...info };
        }
      }
      return {
        subject,
        userName: str(profile.preferred_username) ?? str(profile.nickname),
        firstName: str(profile.given_name),
        lastName: str(profile.family_name),
        name: str(profile.name),
        email: profile.email_verified === true ? str(profile.email) : undefined,
      };
    },
  };
}
