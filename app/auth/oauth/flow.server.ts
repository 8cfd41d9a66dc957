/**
 * The OAuth round trip: start (remember the flow's secrets in a short-lived cookie, send the browser to the
 * provider) and callback (check the state, ask the provider who it is, then log in, create or link).
 *
 * Linking is explicit: a logged-in user starts a "link" flow from their profile. An unknown provider
 * account never joins an existing Daftar account by e-mail, because Daftar does not verify e-mail
 * addresses and the provider's may not be verified either.
 */
import { randomBytes } from "node:crypto";
import { generateCodeVerifier, generateState } from "arctic";
import { and, eq } from "drizzle-orm";
import { recordVerifiedAddress } from "../email-address.server";
import type { Database } from "~/db/client.server";
import { oauthAccounts, users } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { loadNameList } from "~/keys/random-name";
import { isLocale, type Locale } from "~/i18n/locales";
import { readCookie, serializeCookie } from "~/lib/cookies";
import { cleanLine } from "~/lib/clean-text";
import { ServiceError } from "~/lib/service-error";
import { startSession, type SignIn } from "../account.server";
import type { CurrentUser } from "../current-user.server";
import { requireRecentProof } from "../recent-proof.server";
import type { ClientInfo } from "../sessions.server";
import { memberRoleName } from "../permissions";
import { createUser, findUserByName, isUniqueViolation, type UserRow } from "../users.server";
import type { ExternalIdentity, FlowSecrets, Provider } from "./providers.server";
import { redirectTarget } from "~/lib/redirect-target";
import { secureCookies, siteOrigin } from "~/lib/site-origin.server";

const cookieName = "daftar_oauth";
const cookiePath = "/api/oauth";

export interface FlowState extends FlowSecrets {
  provider: string;
  mode: "login" | "link";
  locale: Locale;
  /** Where to go afterwards when the flow runs in the main window rather than a popup. */
  returnTo: string;
  popup: boolean;
  /** The browser's identity key, recorded as a device with the session. */
  pub?: string;
  deviceName?: string;
}

export function redirectUri(request: Request, provider: string): string {
  return `${siteOrigin(request)}/api/oauth/${provider}/callback`;
}

export async function startFlow(
  provider: Provider,
  request: Request,
  options: Omit<FlowState, keyof FlowSecrets | "provider">,
): Promise<{ location: string; cookie: string }> {
  const secrets: FlowSecrets = {
    state: generateState(),
    codeVerifier: generateCodeVerifier(),
    nonce: randomBytes(16).toString("base64url"),
  };
  const url = await provider.authorizationUrl(secrets, redirectUri(request, provider.id));
  const state: FlowState = { ...options, ...secrets, provider: provider.id };
  const cookie = serializeCookie(cookieName, JSON.stringify(state), {
    httpOnly: true,
    sameSite: "Lax",
    secure: secureCookies(request),
    path: cookiePath,
    maxAge: 600,
  });
  return { location: url.toString(), cookie };
}

export function clearFlowCookie(request: Request): string {
  return serializeCookie(cookieName, "", {
    httpOnly: true,
    sameSite: "Lax",
    secure: secureCookies(request),
    path: cookiePath,
    maxAge: 0,
  });
}

/** The flow this browser started, or undefined when there is none (expired, tampered, another browser). */
export function readFlow(request: Request): FlowState | undefined {
  const raw = readCookie(request.headers.get("cookie"), cookieName);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<FlowState>;
    if (typeof value.state !== "string" || typeof value.codeVerifier !== "string" || typeof value.nonce !== "string") {
      return undefined;
    }
    return {
      state: value.state,
      codeVerifier: value.codeVerifier,
      nonce: value.nonce,
      provider: String(value.provider),
      mode: value.mode === "link" ? "link" : "login",
      locale: isLocale(value.locale) ? value.locale : "fa",
      returnTo: (typeof value.returnTo === "string" && redirectTarget(value.returnTo)) || "/",
      popup: value.popup === true,
      pub: typeof value.pub === "string" && /^[0-9a-f]{64}$/.test(value.pub) ? value.pub : undefined,
      deviceName: typeof value.deviceName === "string" ? value.deviceName.slice(0, 80) : undefined,
    };
  } catch {
    return undefined;
  }
}

async function linkedUser(db: Database, provider: string, subject: string): Promise<UserRow | undefined> {
  const row = await db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, subject)))
    .get();
  return row?.user;
}

/** A free user name made from the provider's, in the characters Daftar allows. */
async function freeUserName(db: Database, identity: ExternalIdentity, provider: string): Promise<string> {
  const base =
    (identity.userName ?? identity.email?.split("@")[0] ?? "").replace(/[^A-Za-z0-9._-]/g, "").slice(0, 32) || provider;
  const stem = base.length >= 3 ? base : `${base}-user`;
  for (let n = 0; n < 50; n++) {
    const candidate = n === 0 ? stem : `${stem}-${n + 1}`;
    if (!(await findUserByName(db, candidate))) return candidate;
  }
  return `${stem}-${randomBytes(4).toString("hex")}`;
}

/** The names a provider gives, cleaned like names people type here (a provider's profile is theirs to write). */
function namesOf(identity: ExternalIdentity, userName: string): { firstName: string; lastName: string } {
  if (identity.firstName || identity.lastName) {
    return {
      firstName: cleanLine(identity.firstName ?? "").trim(),
      lastName: cleanLine(identity.lastName ?? "").trim(),
    };
  }
  const [first = userName, ...rest] = cleanLine(identity.name ?? userName)
    .trim()
    .split(/\s+/);
  return { firstName: first, lastName: rest.join(" ") };
}

/** A new Member account for a provider account nobody has used here before. */
async function createFromIdentity(
  db: Database,
  provider: string,
  identity: ExternalIdentity,
  locale: Locale,
): Promise<UserRow> {
  const about = (await loadNameList(locale)).newcomer;
  for (let attempt = 0; ; attempt++) {
    const userName = await freeUserName(db, identity, provider);
    try {
      return await writeTransaction(db, async (tx) => {
        const user = await createUser(tx, { userName, about, ...namesOf(identity, userName) }, [memberRoleName]);
        await tx.insert(oauthAccounts).values({ provider, providerUserId: identity.subject, userId: user.id });
        return user;
      });
    } catch (error) {
      // Two callbacks for the same provider account at once: the other one made the account.
      const existing = isUniqueViolation(error) ? await linkedUser(db, provider, identity.subject) : undefined;
      if (existing) return existing;
      // The free name was taken meanwhile: look for another one.
      const nameTaken = error instanceof ServiceError && error.key === "auth.userNameTaken";
      if (!nameTaken || attempt >= 3) throw error;
    }
  }
}

export type FlowOutcome = ({ kind: "login"; user: UserRow } & SignIn) | { kind: "linked"; user: UserRow };

/** Logs in with (or creates) the account of `identity`, or links it to `currentUserId` in a link flow. */
export async function finishFlow(
  db: Database,
  flow: FlowState,
  identity: ExternalIdentity,
  request: Request,
  client: ClientInfo,
  current: Pick<CurrentUser, "id" | "sessionId"> | null,
  providerName: string,
): Promise<FlowOutcome> {
  const existing = await linkedUser(db, flow.provider, identity.subject);
  if (flow.mode === "link") {
    if (current === null) throw new ServiceError(401, "api.unauthorized");
    await requireRecentProof(db, current);
    const currentUserId = current.id;
    if (existing && existing.id !== currentUserId) {
      throw new ServiceError(409, "auth.oauthLinkedElsewhere", { vars: { provider: providerName } });
    }
    if (!existing) {
      try {
        await db
          .insert(oauthAccounts)
          .values({ provider: flow.provider, providerUserId: identity.subject, userId: currentUserId });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ServiceError(409, "auth.oauthLinkedElsewhere", { vars: { provider: providerName } });
        throw error;
      }
    }
    await recordVerifiedAddress(db, currentUserId, identity.email);
    const user = await db.select().from(users).where(eq(users.id, currentUserId)).get();
    if (!user) throw new ServiceError(404, "manage.userNotFound");
    return { kind: "linked", user };
  }
  const user = existing ?? (await createFromIdentity(db, flow.provider, identity, flow.locale));
  await recordVerifiedAddress(db, user.id, identity.email);
  const signIn = await startSession(db, user, request, client, { pub: flow.pub, deviceName: flow.deviceName });
  return { kind: "login", user, ...signIn };
}

/** The providers an account is linked with. */
export async function linkedProviders(db: Database, userId: number): Promise<string[]> {
  const rows = await db
    .select({ provider: oauthAccounts.provider })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .all();
  return rows.map((r) => r.provider);
}
