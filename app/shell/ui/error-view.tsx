import { ErrorPage } from "./error-page";
import { ForbiddenView } from "./forbidden-view";

/** What the root's error boundary shows: the permission-denied page for a 403, otherwise the error page. */
export function ErrorView({ status, message }: { status: number; message: string }) {
  return status === 403 ? <ForbiddenView /> : <ErrorPage status={status} message={message} />;
}
