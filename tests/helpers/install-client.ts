import { readFileSync } from "node:fs";
import path from "node:path";

/** Calls the installer API of a test server the way a script would: with the X-Setup-Token header. */
export function installClient(baseUrl: string, dataDir = process.env.DATA_DIR!) {
  const token = () => readFileSync(path.join(dataDir, "setup-token"), "utf8").trim();
  const call = async (method: string, step: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl}/api/install/${step}`, {
      method,
      headers: {
        "x-setup-token": token(),
        "accept-language": "en",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown> & { message?: string };
    return { status: response.status, body: json, headers: response.headers };
  };
  return {
    token,
    get: (step: string, headers?: Record<string, string>) => call("GET", step, undefined, headers),
    post: (step: string, body?: unknown, headers?: Record<string, string>) => call("POST", step, body, headers),
  };
}

export const validAdmin = {
  firstName: "Sara",
  lastName: "Rahimi",
  about: "Runs this notebook",
  userName: "sara",
  password: "secret-pass",
};
