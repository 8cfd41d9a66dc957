/**
 * The git host's settings as the form edits them (GET/PUT /api/builds/host). The token is write-only: the form
 * sends a new one or nothing (keep the stored one), and the answer only says whether one is stored.
 */
import * as z from "zod";
import { msg } from "~/lib/validation";

export const hostKinds = ["local", "git", "github"] as const;
export type HostKind = (typeof hostKinds)[number];

/** A git branch name: no spaces, no "..", no control characters, none of ~^:?*[\ and not ending in ".lock". */
export function isBranchName(value: string): boolean {
  return (
    value.length > 0 &&
    value.length <= 100 &&
    // eslint-disable-next-line no-control-regex -- a branch name may not hold control characters
    !/[\s~^:?*[\\\u0000-\u001f\u007f]|\.\.|@\{|\/\/|^\/|\/$|\.lock$|^\.|\/\./.test(value) &&
    value !== "@"
  );
}

/** An http(s) address without credentials in it (credentials go in the token field, which is never shown). */
function isRemoteUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password && !url.hash;
}

/** The owner and repository a GitHub address names: https://github.com/owner/repo(.git). */
export function githubRepoOf(value: string): { owner: string; repo: string } | null {
  if (!isRemoteUrl(value)) return null;
  const parts = new URL(value).pathname
    .replace(/\.git$/, "")
    .split("/")
    .filter(Boolean);
  if (parts.length !== 2 || !parts.every((p) => /^[\w.-]{1,100}$/.test(p))) return null;
  return { owner: parts[0]!, repo: parts[1]! };
}

const urlField = z.string(msg("validation.invalid")).trim().max(500, msg("validation.tooLong", 500));

export const hostSettingsSchema = z
  .object({
    kind: z.enum(hostKinds, msg("validation.invalid")),
    url: urlField.default(""),
    branch: z.string(msg("validation.invalid")).trim().default("main"),
    /** The user name sent with the token (some hosts want one; GitHub ignores it). */
    username: z.string(msg("validation.invalid")).trim().max(100, msg("validation.tooLong", 100)).default(""),
    /** GitHub's API address (GitHub Enterprise has its own). */
    apiUrl: urlField.default(""),
    /** A new token, or empty to keep the stored one. */
    token: z.string(msg("validation.invalid")).trim().max(500, msg("validation.tooLong", 500)).default(""),
    /** Forget the stored token. */
    clearToken: z.boolean(msg("validation.invalid")).default(false),
  })
  .superRefine((value, ctx) => {
    if (value.kind === "local") return;
    if (!isRemoteUrl(value.url)) {
      ctx.addIssue({ code: "custom", path: ["url"], message: "builds.host.error.url" });
    } else if (value.kind === "github" && !githubRepoOf(value.url)) {
      ctx.addIssue({ code: "custom", path: ["url"], message: "builds.host.error.githubUrl" });
    }
    if (!isBranchName(value.branch)) {
      ctx.addIssue({ code: "custom", path: ["branch"], message: "builds.host.error.branch" });
    }
    if (value.apiUrl && !isRemoteUrl(value.apiUrl)) {
      ctx.addIssue({ code: "custom", path: ["apiUrl"], message: "builds.host.error.url" });
    }
  });
export type HostSettingsInput = z.output<typeof hostSettingsSchema>;

/** What the browser is told about the host: everything but the token. */
export interface HostSettingsView {
  kind: HostKind;
  url: string;
  branch: string;
  username: string;
  apiUrl: string;
  hasToken: boolean;
}
