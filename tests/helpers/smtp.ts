// A real SMTP server for the tests (smtp-server), on 127.0.0.1 and a port the test picks: it
// keeps every message it receives, decoded enough to read (headers, the text and HTML parts),
// and lets a test wait for the next message to an address. Plain SMTP, no TLS, any login.
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  port: number;
  /** Everything received, oldest first. */
  messages: ReceivedMail[];
  /** Resolves with the first message to `address` received after `after` of them (default 0). */
  waitFor(address: string, options?: { after?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words ('=?UTF-8?Q?...?=' or '?B?') in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** The text and HTML parts of a message, however deep in multipart/* they sit. */
function leaves(part: Part, into: { text: string; html: string }): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      leaves(splitPart(piece.replace(/^\r?\n/, '')), into);
    }
    return;
  }
  if (/^text\/html/i.test(type)) into.html ||= decodeBody(part);
  else if (/^text\/plain/i.test(type)) into.text ||= decodeBody(part);
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const top = splitPart(raw);
  const parts = { text: '', html: '' };
  leaves(top, parts);
  return {
    from: envelope.from,
    to: envelope.to,
    subject: decodeHeader(top.headers.get('subject') ?? ''),
    text: parts.text.replace(/\r\n/g, '\n'),
    html: parts.html,
    raw,
  };
}

export async function startSmtpServer({ port = 0 }: { port?: number } = {}): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const arrived = new EventEmitter();
  arrived.setMaxListeners(0);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Any login is accepted: the tests check what is sent, not credentials.
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelope));
        arrived.emit('mail');
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  const find = (address: string, after: number) =>
    messages
      .slice(after)
      .find((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    waitFor(address, { after = 0, timeoutMs = 20_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find(address, after);
          if (!found) return;
          clearTimeout(timer);
          arrived.off('mail', check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          arrived.off('mail', check);
          reject(
            new Error(`no mail to ${address} within ${timeoutMs} ms (${messages.length} received)`),
          );
        }, timeoutMs);
        arrived.on('mail', check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link to `path` in a message's text (a reset or verification link). */
export function linkIn(mail: { text: string }, path: string): URL {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((l) => new URL(l).pathname === path);
  if (!match) throw new Error(`no link to ${path} in:\n${mail.text}`);
  return new URL(match);
}
