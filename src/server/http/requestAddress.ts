// The caller's address and scheme, read once per request as Express reads them (req.ip,
// req.secure) under the one TRUST_PROXY setting, so the paths answered ahead of Express
// (requestHandler.ts) and Express's own read the same values.
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/** Express's compiled 'trust proxy' setting: whether to believe the hop at `index`. */
export type TrustFn = (address: string, index: number) => boolean;

/** A request whose address and scheme are read (Express's own request is one too). */
export type AddressedRequest = IncomingMessage & { ip?: string; secure: boolean };

/**
 * Sets `ip` and `secure` on the request: the TLS socket, or X-Forwarded-Proto and
 * X-Forwarded-For when the hop they came through is trusted. Express's getters of the same
 * names then read these (an own property comes before the prototype's getter).
 */
export function addressRequest(req: IncomingMessage, trust: TrustFn): AddressedRequest {
  let secure = Boolean((req.socket as { encrypted?: boolean }).encrypted);
  if (trust(req.socket.remoteAddress ?? '', 0)) {
    const header = req.headers['x-forwarded-proto'];
    const proto = (typeof header === 'string' ? header : '').split(',')[0]!.trim();
    if (proto) secure = proto === 'https';
  }
  return Object.assign(req, { ip: proxyaddr(req, trust), secure });
}
