/**
 * The site's git repository over git's smart HTTP protocol, read-only: `git clone <site>/git/content.git`.
 * Anyone may clone it (the published pages are public; drafts are in it as files, as they are in any content
 * repository). Pushing is refused: the repository is written by publishing builds only.
 */
import { BRANCH, siteHead, siteRepo } from "~/builds/git/site-repository.server";
import { advertiseRefs, parseUploadRequest, ProtocolError, uploadPack } from "~/builds/git/upload-pack.server";
import { getAppConfig } from "~/settings/app-config.server";
import type { Route } from "./+types/repository";

function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });
}

async function installed(): Promise<boolean> {
  return getAppConfig()
    .then((config) => config.installed)
    .catch(() => false);
}

const noCache = { "Cache-Control": "no-cache, max-age=0, must-revalidate", Expires: "Fri, 01 Jan 1980 00:00:00 GMT" };

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!(await installed())) return text(404, "Not found\n");
  const rest = params["*"] ?? "";
  const service = new URL(request.url).searchParams.get("service");
  if (rest !== "info/refs") return text(404, "Not found\n");
  if (service === "git-receive-pack") return text(403, "This repository is read-only: publish builds to change it.\n");
  if (service !== "git-upload-pack") {
    return text(403, "Only git's smart HTTP protocol is served here: use git 1.6.6 or later.\n");
  }
  const head = await siteHead();
  return new Response(new Uint8Array(advertiseRefs(head, BRANCH)), {
    headers: { "Content-Type": "application/x-git-upload-pack-advertisement", ...noCache },
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  if (!(await installed())) return text(404, "Not found\n");
  const rest = params["*"] ?? "";
  if (rest === "git-receive-pack") return text(403, "This repository is read-only: publish builds to change it.\n");
  if (rest !== "git-upload-pack" || request.method !== "POST") {
    return text(405, "Method not allowed\n", { Allow: "GET, HEAD" });
  }
  if (request.headers.get("content-type") !== "application/x-git-upload-pack-request") {
    return text(415, "Expected application/x-git-upload-pack-request\n");
  }
  try {
    const body = Buffer.from(await request.arrayBuffer());
    const upload = parseUploadRequest(body, request.headers.get("content-encoding"));
    const head = await siteHead();
    const answer = await uploadPack(siteRepo(), upload, head ? [head] : []);
    return new Response(new Uint8Array(answer), {
      headers: { "Content-Type": "application/x-git-upload-pack-result", ...noCache },
    });
  } catch (error) {
    if (error instanceof ProtocolError || (error as { code?: string }).code?.startsWith("Z_")) {
      return text(400, `${error instanceof Error ? error.message : "bad request"}\n`);
    }
    throw error;
  }
}
