/**
 * The site's JSON API as the browser sees it, for component tests: each test says how the calls it expects are
 * answered, in the shapes the API route wrapper gives (a success's own data with its `message`; a refusal's
 * `{ message, issues?, reason? }` with its status), and reads what was sent. A call nobody expected is answered
 * as an unknown API address is (404), so a form that calls the wrong endpoint shows that failure.
 */
import type { Issue } from "~/lib/validation";

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
}

type Answer = Response | Promise<Response>;
type Handler = (call: ApiCall) => Answer;

/** A success: the call's data and, for a change, the message the page shows. */
export function ok(data: Record<string, unknown>, status = 200): Response {
  return Response.json(data, { status });
}

/** A refusal: the message in the caller's language, and the issues that belong to fields. */
export function refused(status: number, message: string, issues?: Issue[]): Response {
  return Response.json(issues ? { message, issues } : { message }, { status });
}

export function apiDouble() {
  const handlers = new Map<string, Handler>();
  const calls: ApiCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://daftar.test");
    const method = (init.method ?? "GET").toUpperCase();
    const text = typeof init.body === "string" ? init.body : undefined;
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
    };
    calls.push(call);
    if (init.signal?.aborted) throw new DOMException("The operation was aborted.", "AbortError");
    const handler = handlers.get(`${method} ${url.pathname}`);
    return handler ? handler(call) : refused(404, "Not found");
  };
  return {
    fetch,
    /** Every call made so far, in order. */
    calls,
    /** Answers `method path` with `handler` from now on. */
    on(method: "GET" | "POST" | "PUT" | "DELETE", path: string, handler: Handler) {
      handlers.set(`${method} ${path}`, handler);
      return this;
    },
    /** The calls made to `path`. */
    callsTo(path: string) {
      return calls.filter((call) => call.path === path);
    },
  };
}

export type ApiDouble = ReturnType<typeof apiDouble>;

const held = new Set<(response: Response) => void>();

/** An answer that waits until the test lets it go: for what a form shows while its call is under way. */
export function heldAnswer() {
  let resolve!: (response: Response) => void;
  const answer = new Promise<Response>((settle) => (resolve = settle));
  const release = (response: Response) => {
    held.delete(release);
    resolve(response);
  };
  held.add(release);
  return { answer, release };
}

/**
 * Answers every call still held (503), as a test that failed before letting its call go leaves it: React holds
 * back every later transition (navigations, other forms' submissions) until a pending async action settles.
 */
export function releaseHeldAnswers() {
  for (const release of held) release(refused(503, "Released at the end of the test"));
}
