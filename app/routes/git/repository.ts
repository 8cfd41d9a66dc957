/**
 * The site's git repository over git's smart HTTP protocol, read-only: `git clone <site>/git/content.git`. The
 * owner chooses in Settings what it serves (`repository.access`): the public history to anyone (the default: what
 * the site shows, no drafts), the whole history to people who may read builds (HTTP Basic with their user name
 * and password, checked on every request), or nothing (404). Pushing is refused: the repository is written by
 * publishing builds only.
 *
 * Refusals git shows its user: a text answer to the refs request ("remote: …"), an ERR pkt-line in the answer to
 * a pack request ("remote error: …"), in the language git asks for (Accept-Language).
 */
import { basicAuthAccount } from "~/auth/basic-auth.server";
import { currentUser, type Account } from "~/auth/current-user.server";
import { hit, limits } from "~/db/rate-limit.server";
import { packSlots } from "~/builds/git/pack-slots.server";
import { packAnswer } from "~/builds/git/pack-stream.server";
import { BRANCH, servedHistory, siteRepo } from "~/builds/git/site-repository.server";
import {
  advertiseRefs,
  errorAnswer,
  negotiate,
  objectsToSend,
  parseUploadRequest,
  ProtocolError,
  type Negotiated,
  type ServedHistory,
  type UploadRequest,
} from "~/builds/git/upload-pack.server";
import { getDb } from "~/db/client.server";
import { serverT } from "~/i18n/catalogs.server";
import type { TFunction } from "~/i18n/translate";
import { apiLocale } from "~/edge/api-route.server";
import { ServiceError } from "~/lib/service-error";
import { requestInfoContext } from "~/request-context";
import type { RepositoryAccess } from "~/settings/app-config";
import { getAppConfig } from "~/settings/app-config.server";
import type { Route } from "./+types/repository";

const noCache = { "Cache-Control": "no-cache, max-age=0, must-revalidate", Expires: "Fri, 01 Jan 1980 00:00:00 GMT" };

function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(`${body}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...noCache, ...headers },
  });
}

const notFound = () => text(404, "Not found");

function result(body: BodyInit): Response {
  return new Response(body, { headers: { "Content-Type": "application/x-git-upload-pack-result", ...noCache } });
}

/** What the repository serves now, or null when nothing (not installed, or the owner chose so). */
async function servedAccess(): Promise<Exclude<RepositoryAccess, "off"> | null> {
  const config = await getAppConfig().catch(() => null);
  if (!config?.installed || config.repository.access === "off") return null;
  return config.repository.access;
}

/**
 * Who the request speaks for when the whole repository is served: Basic credentials (git), or a session or a
 * signed request (other clients). A refusal (no one, wrong password, no permission) as the answer to send.
 */
async function reader(request: Request, ip: string, t: TFunction): Promise<Response | null> {
  let account: Account | null;
  try {
    account = (await basicAuthAccount(await getDb(), request, ip)) ?? (await currentUser(request));
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const message = t(error.key, error.vars);
    if (error.status === 401) return text(401, message, { "WWW-Authenticate": 'Basic realm="git", charset="UTF-8"' });
    return text(error.status, message, error.headers);
  }
  if (!account) return text(401, t("builds.git.signIn"), { "WWW-Authenticate": 'Basic realm="git", charset="UTF-8"' });
  if (!account.permissions.includes("builds.read")) return text(403, t("builds.forbiddenRead"));
  return null;
}

/** The history the request may have, or the answer refusing it. */
async function historyFor(
  request: Request,
  access: Exclude<RepositoryAccess, "off">,
  ip: string,
  t: TFunction,
): Promise<ServedHistory | Response> {
  if (access === "builds") {
    const refused = await reader(request, ip, t);
    if (refused) return refused;
  }
  return servedHistory(access === "builds" ? "site" : "public");
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const access = await servedAccess();
  if (!access || params["*"] !== "info/refs") return notFound();
  const t = serverT(apiLocale(request));
  const service = new URL(request.url).searchParams.get("service");
  if (service === "git-receive-pack") return text(403, t("builds.git.readOnly"));
  if (service !== "git-upload-pack") return text(403, t("builds.git.smartOnly"));
  const history = await historyFor(request, access, context.get(requestInfoContext).ip, t);
  if (history instanceof Response) return history;
  return new Response(new Uint8Array(advertiseRefs(history.commits.at(-1) ?? null, BRANCH)), {
    headers: { "Content-Type": "application/x-git-upload-pack-advertisement", ...noCache },
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const access = await servedAccess();
  if (!access) return notFound();
  const rest = params["*"] ?? "";
  const t = serverT(apiLocale(request));
  if (rest === "git-receive-pack") return text(403, t("builds.git.readOnly"));
  if (rest !== "git-upload-pack" || request.method !== "POST") {
    return text(405, "Method not allowed", { Allow: "GET, HEAD" });
  }
  if (request.headers.get("content-type") !== "application/x-git-upload-pack-request") {
    return text(415, t("builds.git.requestType"));
  }
  const ip = context.get(requestInfoContext).ip;
  const history = await historyFor(request, access, ip, t);
  if (history instanceof Response) return history;

  let upload: UploadRequest;
  let negotiated: Negotiated;
  try {
    // The HTTP front has decoded a compressed body and held it to the route's limit (server/body-limit.ts).
    upload = parseUploadRequest(Buffer.from(await request.arrayBuffer()));
    negotiated = negotiate(history, upload);
  } catch (error) {
    if (error instanceof ProtocolError) return result(new Uint8Array(errorAnswer(t(error.key, error.vars))));
    throw error;
  }
  if (upload.wants.length === 0) return result(new Uint8Array(0));
  if (!upload.done) return result(new Uint8Array(negotiated.lines));

  // A pack: work that grows with the repository, so bounded per address and per instance.
  const counted = await hit(await getDb(), limits.gitPacksByAddress, ip || "unknown");
  if (!counted.allowed) return text(429, t("api.tooManyRequests"), { "Retry-After": String(counted.retryAfter) });
  const release = await packSlots.take(request.signal);
  if (!release) return text(503, t("builds.git.busy"), { "Retry-After": "30" });
  try {
    const repo = siteRepo();
    const objects = await objectsToSend(repo, history, negotiated);
    const sideBand = upload.capabilities.has("side-band-64k")
      ? "side-band-64k"
      : upload.capabilities.has("side-band")
        ? "side-band"
        : null;
    return result(packAnswer(repo, objects, { preface: negotiated.lines, sideBand, onClose: release }));
  } catch (error) {
    release();
    throw error;
  }
}
