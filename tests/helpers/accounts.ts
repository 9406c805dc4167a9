// Helpers for the Accounts tests: database snapshots (to prove a refused call changed nothing),
// real files for upload tests, and signing in over HTTP.
import http from 'node:http';
import { count, desc } from 'drizzle-orm';
import type { DB } from '../../src/server/platform/db/client';
import {
  auditLog,
  payoutMethods,
  settings,
  uploads,
  users,
} from '../../src/server/platform/db/schema';
import type { CreatedUser } from './db';
import { sealData } from 'iron-session';
import { createSession } from '../../src/server/domain/accounts/sessions';
import { SESSION_COOKIE } from '../../src/server/trpc/session';
import { HttpClient, type TestServer } from './server';

/** Everything an accounts procedure could change, in a form `toEqual` can compare. */
export async function snapshot(db: DB) {
  return {
    users: await db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        password: users.password,
        phone: users.phone,
        fullName: users.fullName,
        role: users.role,
        subscriptionTier: users.subscriptionTier,
        profileImage: users.profileImage,
      })
      .from(users)
      .orderBy(users.id),
    payouts: await db.select().from(payoutMethods).orderBy(payoutMethods.userId),
    settings: await db.select().from(settings).orderBy(settings.key),
    audit: (await db.select({ n: count() }).from(auditLog))[0]?.n ?? 0,
    uploads: (await db.select({ n: count() }).from(uploads))[0]?.n ?? 0,
  };
}

export async function userCount(db: DB): Promise<number> {
  return (await db.select({ n: count() }).from(users))[0]?.n ?? 0;
}

/** The newest audit row, raw (before/after still JSON text). */
export async function lastAuditRow(db: DB) {
  return (await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
}

// A real 1x1 PNG, a minimal JFIF JPEG and a small PDF.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.concat([
  Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
    0x00, 0x01, 0x00, 0x00,
  ]),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

/** A file padded with zeros to exactly `size` bytes. */
export function padded(head: Buffer, size: number): Buffer {
  return Buffer.concat([head, Buffer.alloc(size - head.length)]);
}

export function uploadForm(bytes: Buffer, name: string, type: string, purpose?: string): FormData {
  const data = new FormData();
  if (purpose !== undefined) data.append('purpose', purpose);
  data.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return data;
}

export async function signIn(base: string, user: CreatedUser): Promise<HttpClient> {
  const client = new HttpClient(base);
  const res = await client.post('/api/login', { username: user.username, password: user.password });
  if (res.status !== 200) throw new Error(`sign-in of ${user.username} failed: ${res.status}`);
  return client;
}

/** GET with the path sent byte for byte (fetch would normalise '/../'); answers the status. */
export function rawGet(base: string, path: string): Promise<number> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A cookie for a new session of this user, sealed as the server seals them (no sign-in). */
export async function sessionCookie(s: TestServer, userId: number): Promise<string> {
  const sid = await createSession({ db: s.db, userId });
  const sealed = await sealData({ sid }, { password: s.deps.sessionSecret, ttl: 3600 });
  return `${SESSION_COOKIE}=${encodeURIComponent(sealed)}`;
}

/** An HTTP client already signed in as this user. */
export async function clientFor(s: TestServer, userId: number): Promise<HttpClient> {
  const client = new HttpClient(s.url);
  client.cookie = await sessionCookie(s, userId);
  return client;
}
