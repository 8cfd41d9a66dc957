import type { MessageKey, Vars } from "~/i18n/translate";

/**
 * A rule a service refuses to break, told in catalog keys so every caller answers in its reader's language:
 * the API turns it into `{ message, issues? }` with `status` (see handleApi).
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly vars?: Vars,
    /** Field issues whose messages are catalog keys too. */
    readonly issues?: { path: string; message: MessageKey }[],
    /** Extra response headers (Retry-After …). */
    readonly headers?: Record<string, string>,
  ) {
    super(key);
    this.name = "ServiceError";
  }
}
