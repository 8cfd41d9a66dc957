import { createHash } from "node:crypto";
import { finalizeEvent, getPublicKey, type Event } from "nostr-tools/pure";
import type { Locale } from "~/i18n/locales";
import { keyProofTemplate, type KeyProofAction } from "~/keys/key-proof";

/**
 * A browser-like API client for integration tests: one cookie jar per client (so each is one browser),
 * JSON in and out, the site's own Origin on every call (as a browser sends it).
 */
export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T & { message?: string; issues?: { path: string; message: string }[] };
  headers: Headers;
}

export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly locale: Locale = "en",
  ) {}

  /** Another browser of the same person: a copy of this jar. */
  clone(): ApiClient {
    const copy = new ApiClient(this.baseUrl, this.locale);
    for (const [k, v] of this.cookies) copy.cookies.set(k, v);
    return copy;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async raw(
    method: string,
    path: string,
    init: { body?: string | Uint8Array; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const response = await fetch(this.baseUrl + path, {
      method,
      redirect: "manual",
      headers: {
        "X-Locale": this.locale,
        Origin: this.baseUrl,
        ...(this.cookies.size ? { Cookie: this.cookieHeader } : {}),
        ...init.headers,
      },
      body: typeof init.body === "string" || init.body === undefined ? init.body : new Uint8Array(init.body),
    });
    this.store(response);
    return response;
  }

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const response = await this.raw(method, path, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { text };
    }
    return { status: response.status, body: parsed as ApiAnswer<T>["body"], headers: response.headers };
  }

  get = <T = Record<string, unknown>>(path: string) => this.call<T>("GET", path);
  post = <T = Record<string, unknown>>(path: string, body?: unknown) => this.call<T>("POST", path, body ?? {});
  put = <T = Record<string, unknown>>(path: string, body?: unknown) => this.call<T>("PUT", path, body ?? {});
  delete = <T = Record<string, unknown>>(path: string) => this.call<T>("DELETE", path);

  async login(userName: string, password = "password123"): Promise<ApiAnswer> {
    const answer = await this.post("/api/auth/login", { userName, password });
    if (answer.status !== 200)
      throw new Error(`login of ${userName} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer;
  }
}

/**
 * A browser key (the same for the same `n`) and its signed proof of possession for `action` on the site at
 * `origin`, as the browser sends them to bind the key to an account.
 */
export function provenKey(
  origin: string,
  action: KeyProofAction,
  n: number,
  now = Date.now(),
): { pub: string; proof: Event; secret: Uint8Array } {
  const secret = new Uint8Array(createHash("sha256").update(`test key ${n}`).digest());
  return { pub: getPublicKey(secret), proof: finalizeEvent(keyProofTemplate(origin, action, now), secret), secret };
}

/** A key and its proof as a call's body fields (`pub`, `proof`), for a call that binds the key. */
export function keyFields(origin: string, action: KeyProofAction, n: number): { pub: string; proof: Event } {
  const { pub, proof } = provenKey(origin, action, n);
  return { pub, proof };
}
