/**
 * Where builds are pushed: the site's own repository only (the default), or also a git remote over HTTP(S) or a
 * GitHub repository. Kept as the "builds.host" setting, apart from the app configuration that pages read; the
 * token is stored there and leaves this module only to authenticate a push: never in an answer, never in a log.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { settings } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import type { HostKind, HostSettingsInput, HostSettingsView } from "./host-schema";

const HOST_KEY = "builds.host";
export const DEFAULT_GITHUB_API = "https://api.github.com";

export interface HostSettings {
  kind: HostKind;
  url: string;
  branch: string;
  username: string;
  apiUrl: string;
  token: string;
}

const defaults: HostSettings = { kind: "local", url: "", branch: "main", username: "", apiUrl: "", token: "" };

export async function readHostSettings(db: Database): Promise<HostSettings> {
  const row = await db.select().from(settings).where(eq(settings.key, HOST_KEY)).get();
  return { ...defaults, ...(row?.value as Partial<HostSettings> | undefined) };
}

export function hostView(host: HostSettings): HostSettingsView {
  return {
    kind: host.kind,
    url: host.url,
    branch: host.branch,
    username: host.username,
    apiUrl: host.apiUrl,
    hasToken: host.token !== "",
  };
}

/**
 * Saves the host. A new token replaces the stored one; without one the stored token is kept, unless the address
 * moved to another origin: a token is never sent to a host it was not given for.
 */
export async function saveHostSettings(db: Database, input: HostSettingsInput): Promise<HostSettings> {
  return writeTransaction(db, async (tx) => {
    const current = await readHostSettings(tx);
    const sameOrigin = originOf(current.url) !== null && originOf(current.url) === originOf(input.url);
    const token = input.token || (input.clearToken || !sameOrigin || current.kind !== input.kind ? "" : current.token);
    const next: HostSettings = {
      kind: input.kind,
      url: input.kind === "local" ? "" : input.url,
      branch: input.kind === "local" ? "main" : input.branch,
      username: input.kind === "git" ? input.username : "",
      apiUrl: input.kind === "github" ? input.apiUrl : "",
      token: input.kind === "local" ? "" : token,
    };
    await tx
      .insert(settings)
      .values({ key: HOST_KEY, value: next })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
    return next;
  });
}

function originOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).origin : null;
}

/** Names a remote (kind, address, branch): its last known commit is kept under this key. */
export function remoteKey(host: HostSettings): string {
  return createHash("sha1").update(`${host.kind}\n${host.url}\n${host.branch}`).digest("hex").slice(0, 16);
}

/** The remote's commit whose changes the site knows: the last one pushed there or imported from it. */
export async function knownRemoteCommit(db: Database, host: HostSettings): Promise<string | null> {
  const row = await db
    .select()
    .from(settings)
    .where(eq(settings.key, `builds.remote:${remoteKey(host)}`))
    .get();
  return (row?.value as { commit?: string } | undefined)?.commit ?? null;
}

export async function rememberRemoteCommit(db: Database, host: HostSettings, commit: string): Promise<void> {
  const key = `builds.remote:${remoteKey(host)}`;
  const value = { commit };
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
