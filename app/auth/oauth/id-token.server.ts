/**
 * Verifies an OpenID Connect ID token: its signature against the issuer's published keys (JWKS), then who
 * issued it, for whom, until when, and the flow's nonce. A token is never trusted for having arrived over the
 * back channel: a provider misconfigured to plain http, a proxy or a compromised route could hand over any
 * token, and only the issuer's signature says it is the issuer's.
 *
 * Asymmetric algorithms only (RS*, PS*, ES*, EdDSA), checked with Node's own crypto; "none" and HMAC tokens
 * (signed with the client secret, which proves nothing about the issuer) are refused.
 */
import { constants, createPublicKey, verify, type JsonWebKeyInput, type KeyObject } from "node:crypto";
import { outboundFetch } from "~/lib/outbound.server";

/** A key as a JWKS lists it: the fields picked here, and the key material Node reads itself. */
interface Jwk extends Record<string, unknown> {
  kty?: string;
  kid?: string;
  use?: string;
  alg?: string;
}

type Claims = Record<string, unknown>;

/** How much the issuer's clock may differ from ours when checking `exp`, `iat` and `nbf`. */
const clockSkewSeconds = 60;

const algorithms: Record<string, { hash: string | null; kty: string; options?: object }> = {
  RS256: { hash: "sha256", kty: "RSA" },
  RS384: { hash: "sha384", kty: "RSA" },
  RS512: { hash: "sha512", kty: "RSA" },
  PS256: {
    hash: "sha256",
    kty: "RSA",
    options: { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST },
  },
  PS384: {
    hash: "sha384",
    kty: "RSA",
    options: { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST },
  },
  PS512: {
    hash: "sha512",
    kty: "RSA",
    options: { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST },
  },
  // JWS writes ECDSA signatures as r‖s, not DER.
  ES256: { hash: "sha256", kty: "EC", options: { dsaEncoding: "ieee-p1363" } },
  ES384: { hash: "sha384", kty: "EC", options: { dsaEncoding: "ieee-p1363" } },
  ES512: { hash: "sha512", kty: "EC", options: { dsaEncoding: "ieee-p1363" } },
  EdDSA: { hash: null, kty: "OKP" },
};

const keySets = new Map<string, { at: number; keys: Promise<Jwk[]> }>();
const keySetLifetimeMs = 60 * 60 * 1000;

/** The issuer's keys, kept for an hour; `fresh` fetches them again (a key the cache does not know yet). */
function keySet(jwksUri: string, fresh = false): Promise<Jwk[]> {
  const cached = keySets.get(jwksUri);
  if (cached && !fresh && Date.now() - cached.at < keySetLifetimeMs) return cached.keys;
  const keys = outboundFetch("operator", { timeoutMs: 10_000, maxBytes: 1024 * 1024 })(jwksUri).then(
    async (response) => {
      if (!response.ok) throw new Error(`The issuer's keys answered ${response.status}`);
      const body = (await response.json()) as { keys?: unknown };
      if (!Array.isArray(body.keys)) throw new Error("The issuer's key set has no keys");
      return body.keys.filter((key): key is Jwk => typeof key === "object" && key !== null);
    },
  );
  keys.catch(() => keySets.delete(jwksUri));
  keySets.set(jwksUri, { at: Date.now(), keys });
  return keys;
}

function decodePart(part: string | undefined): Claims {
  if (!part) throw new Error("ID token is not a signed JWT");
  const value = JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as unknown;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error("ID token part is not an object");
  return value as Claims;
}

function candidateKeys(keys: Jwk[], kid: string | undefined, alg: string, kty: string): Jwk[] {
  return keys.filter(
    (key) =>
      key.kty === kty &&
      (key.use === undefined || key.use === "sig") &&
      (key.alg === undefined || key.alg === alg) &&
      (kid === undefined || key.kid === kid),
  );
}

function signedBy(key: Jwk, alg: string, data: Buffer, signature: Buffer): boolean {
  const spec = algorithms[alg]!;
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey({ key, format: "jwk" } as JsonWebKeyInput);
  } catch {
    return false;
  }
  try {
    return verify(spec.hash, data, { key: publicKey, ...spec.options } as never, signature);
  } catch {
    return false;
  }
}

/**
 * The claims of `token` when it is signed by one of the issuer's keys and was issued by `issuer` to `clientId`
 * for the flow with `nonce`, and is current; throws otherwise (the message is for the server's log).
 */
export async function verifyIdToken(
  token: string,
  expected: { issuer: string; clientId: string; nonce: string; jwksUri: string; now?: number },
): Promise<Claims> {
  const parts = token.split(".");
  if (parts.length !== 3) throw new Error("ID token is not a signed JWT");
  const header = decodePart(parts[0]);
  const claims = decodePart(parts[1]);
  const alg = typeof header.alg === "string" ? header.alg : "";
  const spec = algorithms[alg];
  if (!spec) throw new Error(`ID token signed with an algorithm that is not accepted (${alg || "none"})`);
  const kid = typeof header.kid === "string" ? header.kid : undefined;
  const data = Buffer.from(`${parts[0]}.${parts[1]}`);
  const signature = Buffer.from(parts[2]!, "base64url");

  let keys = candidateKeys(await keySet(expected.jwksUri), kid, alg, spec.kty);
  // A key we have not seen: the issuer may have rotated its keys since we fetched them.
  if (keys.length === 0) keys = candidateKeys(await keySet(expected.jwksUri, true), kid, alg, spec.kty);
  if (!keys.some((key) => signedBy(key, alg, data, signature)))
    throw new Error("ID token signature is not the issuer's");

  const now = Math.floor((expected.now ?? Date.now()) / 1000);
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (typeof claims.iss !== "string" || claims.iss.replace(/\/$/, "") !== expected.issuer) {
    throw new Error("ID token from another issuer");
  }
  if (!audience.includes(expected.clientId)) throw new Error("ID token for another client");
  if (audience.length > 1 && claims.azp !== expected.clientId)
    throw new Error("ID token authorized for another client");
  if (typeof claims.exp !== "number" || claims.exp + clockSkewSeconds < now) throw new Error("ID token expired");
  if (typeof claims.nbf === "number" && claims.nbf - clockSkewSeconds > now) throw new Error("ID token not valid yet");
  if (typeof claims.iat === "number" && claims.iat - clockSkewSeconds > now)
    throw new Error("ID token issued in the future");
  if (claims.nonce !== expected.nonce) throw new Error("ID token nonce mismatch");
  return claims;
}
