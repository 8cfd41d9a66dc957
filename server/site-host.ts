/**
 * Requests for a Host that is not the site's are refused here, before the body limit, the routes, the document
 * cache or the relay: a made-up Host can then never take a cache slot, appear in a page's links or be the
 * address a signature is checked against. 421 Misdirected Request, in both languages (the caller's language
 * is a guess this early). The health check answers whatever the Host, for load balancers that name an
 * instance by its address.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { serverT } from "~/i18n/catalogs.server";
import { isSiteHost } from "~/lib/site-origin.server";
import { refuseUpgrade } from "~/lib/upgrade-refusal.server";

const healthPath = "/healthz";

function misdirectedText(): string {
  return `${serverT("fa")("api.misdirected")}\n${serverT("en")("api.misdirected")}\n`;
}

export function refuseOtherHosts(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  // req.host is X-Forwarded-Host only when TRUST_PROXY trusts the proxy that sent it.
  if (req.path === healthPath || isSiteHost(req.host, req.socket.localPort)) return next();
  res.status(421).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send(misdirectedText());
}

/**
 * The same rule for WebSocket upgrades (the relay): true when the upgrade was refused here. Behind a trusted
 * proxy the forwarded host counts too; nothing here decides what a signature may name.
 */
export function refuseMisdirectedUpgrade(req: IncomingMessage, socket: Duplex, trustProxy: boolean): boolean {
  const forwarded = trustProxy
    ? String(req.headers["x-forwarded-host"] ?? "")
        .split(",")[0]
        ?.trim()
    : "";
  const port = req.socket.localPort;
  if (isSiteHost(req.headers.host, port) || (forwarded && isSiteHost(forwarded, port))) return false;
  refuseUpgrade(socket, 421, misdirectedText());
  return true;
}
