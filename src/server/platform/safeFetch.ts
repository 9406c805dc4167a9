// Outbound HTTP GET for addresses an admin typed in (the WordPress import), kept from being
// turned against the server's own network: only http(s), and no loopback, private, link-local
// or otherwise non-public address unless the operator allows them. The address is checked where
// the connection is made (the DNS answer the socket actually uses, at every redirect), so a name
// that resolves to a public address once and to 127.0.0.1 the next time gains nothing.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export type FetchProblem =
  'scheme' | 'credentials' | 'private' | 'dns' | 'network' | 'timeout' | 'too-large' | 'redirects';

/** Why an outbound request did not get an answer; `message` is fit to show an admin. */
export class FetchRefusedError extends Error {
  readonly problem: FetchProblem;
  constructor(problem: FetchProblem, message: string) {
    super(message);
    this.name = 'FetchRefusedError';
    this.problem = problem;
  }
}

export interface SafeFetchOptions {
  /** Let loopback and private addresses through (EDUCATION_IMPORT_ALLOW_PRIVATE, tests). */
  allowPrivate: boolean;
  /** For the whole exchange, redirects and body included. */
  timeoutMs: number;
  maxBytes: number;
  accept?: string;
  maxRedirects?: number;
}

export interface SafeResponse {
  /** The address that answered (after redirects). */
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Only ordinary public unicast addresses; IPv4-mapped IPv6 is judged as the IPv4 it maps. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export const PRIVATE_ADDRESS_MESSAGE =
  'Addresses on this server or its private network cannot be imported from ' +
  '(the operator can allow them with EDUCATION_IMPORT_ALLOW_PRIVATE=true)';

/** The URL, if it is one we may fetch at all (scheme, no credentials); else a refusal. */
export function parseFetchableUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FetchRefusedError(
      'scheme',
      'Enter a web address that starts with http:// or https://',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefusedError(
      'scheme',
      'Only http:// and https:// addresses can be imported from',
    );
  }
  if (url.username || url.password) {
    throw new FetchRefusedError(
      'credentials',
      'The address must not contain a user name or password',
    );
  }
  return url;
}

function hostOf(url: URL): string {
  // URL keeps the brackets of an IPv6 literal.
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Resolves the host now and refuses a non-public answer, so that an admin hears at once that an
 * address is refused. The connection checks again (see `guardedLookup`).
 */
export async function assertPublicHost(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = hostOf(url);
  const addresses = net.isIP(host)
    ? [host]
    : await dns.promises
        .lookup(host, { all: true, verbatim: true })
        .then((found) => found.map((a) => a.address))
        .catch(() => {
          throw new FetchRefusedError('dns', `The site ${host} could not be found`);
        });
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw new FetchRefusedError('private', PRIVATE_ADDRESS_MESSAGE);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** dns.lookup for the socket, refusing when any address of the answer is not public. */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, []);
      const list = found as dns.LookupAddress[];
      if (!allowPrivate && (list.length === 0 || !list.every((a) => isPublicAddress(a.address)))) {
        return callback(new FetchRefusedError('private', PRIVATE_ADDRESS_MESSAGE), []);
      }
      if (options.all) return callback(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}

function networkMessage(error: NodeJS.ErrnoException, host: string): string {
  switch (error.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The site ${host} could not be found`;
    case 'ECONNREFUSED':
      return `The site ${host} refused the connection`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `The site ${host} closed the connection`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `The site ${host} cannot be reached`;
    default:
      if (error.code?.startsWith('ERR_TLS') || /certificate|SSL|TLS/i.test(error.message)) {
        return `The site ${host} has no valid HTTPS certificate`;
      }
      return `Could not reach the site ${host}`;
  }
}

function getOnce(url: URL, options: SafeFetchOptions, deadline: number): Promise<SafeResponse> {
  return new Promise((resolve, reject) => {
    const host = hostOf(url);
    if (!options.allowPrivate && net.isIP(host) && !isPublicAddress(host)) {
      // An address literal never goes through the lookup.
      reject(new FetchRefusedError('private', PRIVATE_ADDRESS_MESSAGE));
      return;
    }
    const remaining = deadline - Date.now();
    const seconds = Math.round(options.timeoutMs / 100) / 10;
    const timeoutError = () =>
      new FetchRefusedError('timeout', `The site ${host} did not answer within ${seconds} s`);
    if (remaining <= 0) {
      reject(timeoutError());
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(
      url,
      {
        headers: {
          accept: options.accept ?? '*/*',
          'user-agent': 'ContestPlatform-EducationImport/1.0',
        },
        lookup: guardedLookup(options.allowPrivate) as unknown as net.LookupFunction,
        // Never an idle pooled socket from an earlier request to another address.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            const mb = Math.round((options.maxBytes / 1024 / 1024) * 10) / 10;
            req.destroy(
              new FetchRefusedError('too-large', `The answer of ${host} is larger than ${mb} MB`),
            );
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({
            url: url.toString(),
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          });
        });
        res.on('error', (error) => req.destroy(error));
      },
    );
    const timer = setTimeout(() => req.destroy(timeoutError()), remaining);
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        error instanceof FetchRefusedError
          ? error
          : new FetchRefusedError('network', networkMessage(error, host)),
      );
    });
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** GET with the rules above, following at most a few redirects, each one checked the same way. */
export async function safeGet(address: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const deadline = Date.now() + options.timeoutMs;
  let url = parseFetchableUrl(address);
  for (let hop = 0; ; hop += 1) {
    const res = await getOnce(url, options, deadline);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.status) || !location) return res;
    if (hop >= (options.maxRedirects ?? 5)) {
      throw new FetchRefusedError('redirects', `The site ${hostOf(url)} redirects too many times`);
    }
    url = parseFetchableUrl(new URL(location, url).toString());
  }
}
