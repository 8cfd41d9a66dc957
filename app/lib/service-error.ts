import type { MessageKey, Vars } from "~/i18n/translate";

export interface ServiceErrorDetails {
  /** Values for the message's placeholders. */
  vars?: Vars;
  /** Field issues; their messages are catalog keys too. */
  issues?: { path: string; message: MessageKey }[];
  /** Extra response headers (Retry-After …). */
  headers?: Record<string, string>;
  /** What went wrong underneath, for an owner who can act on it (the installer's migration error, say). */
  reason?: string;
}

/**
 * A rule a service refuses to break, told in catalog keys so every caller answers in its reader's language.
 * Services throw only this; `apiRoute` turns it into `{ message, issues?, reason? }` with `status`.
 */
export class ServiceError extends Error {
  readonly vars?: Vars;
  readonly issues?: { path: string; message: MessageKey }[];
  readonly headers?: Record<string, string>;
  readonly reason?: string;

  constructor(
    readonly status: number,
    readonly key: MessageKey,
    details: ServiceErrorDetails = {},
  ) {
    super(details.reason ? `${key}: ${details.reason}` : key);
    this.name = "ServiceError";
    this.vars = details.vars;
    this.issues = details.issues;
    this.headers = details.headers;
    this.reason = details.reason;
  }
}
