// The environment, parsed once at start; a bad value stops the start with a clear message.
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** One OpenID Connect provider members may sign in with (OIDC_PROVIDERS). */
export const ZOidcProviderConfig = z
  .object({
    // Part of the callback address (/api/auth/oidc/<id>/callback) and of each linked identity.
    id: z.string({ error: 'is required' }).regex(/^[a-z0-9][a-z0-9-]{0,31}$/, {
      error: 'must be 1-32 lower-case letters, digits or dashes, such as "google"',
    }),
    // The button says 'Continue with <label>'.
    label: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(40, 'must be at most 40 characters'),
    issuer: z.url({ protocol: /^https?$/, error: 'must be an https URL' }).refine(
      (issuer) => {
        const url = new URL(issuer);
        // Plain http only on this machine (a provider in development or in the tests).
        return (
          url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
        );
      },
      { error: 'must be an https URL (http only for localhost)' },
    ),
    clientId: z.string({ error: 'is required' }).min(1, 'is required'),
    clientSecret: z.string({ error: 'is required' }).min(1, 'is required'),
  })
  .strict();
export type OidcProviderConfig = z.infer<typeof ZOidcProviderConfig>;

const OIDC_EXAMPLE =
  'a JSON array such as [{"id":"google","label":"Google","issuer":"https://accounts.google.com","clientId":"...","clientSecret":"..."}]';

const ZOidcProviders = z
  .preprocess(
    (value, ctx) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `must be ${OIDC_EXAMPLE}` });
        return z.NEVER;
      }
    },
    z.array(ZOidcProviderConfig, { error: `must be ${OIDC_EXAMPLE}` }).max(10),
  )
  .superRefine((providers, ctx) => {
    const seen = new Set<string>();
    providers.forEach((p, i) => {
      if (seen.has(p.id)) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'id'],
          message: `"${p.id}" is the id of two providers`,
        });
      }
      seen.add(p.id);
    });
  });

export const ZEnvSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.string().default('production')),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(5000)),
  DATABASE_PATH: z.preprocess(emptyAsUndefined, z.string().default('db/app.db')),
  // PostgreSQL instead of the SQLite file: postgres://user:password@host:5432/database.
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, {
        error: 'must be a PostgreSQL URL such as postgres://user:password@host:5432/contests',
      })
      .optional(),
  ),
  // Connections each app server keeps to PostgreSQL.
  PGPOOL_SIZE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(500).default(10)),
  UPLOAD_DIR: z.preprocess(emptyAsUndefined, z.string().default('db/uploads')),
  // Files no one fetches by URL (answer keys and submission files of submission contests).
  PRIVATE_DIR: z.preprocess(emptyAsUndefined, z.string().default('db/private')),
  SESSION_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  ADMIN_USERNAME: z.preprocess(emptyAsUndefined, z.string().min(3).optional()),
  ADMIN_PASSWORD: z.preprocess(
    emptyAsUndefined,
    z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  ),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
  SEED_DEMO: z.preprocess(emptyAsUndefined, booleanish.default(true)),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, booleanish.default(false)),
  // The address members use when the app sits behind a proxy, e.g. https://contests.example.org.
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://example.org' })
      .optional(),
  ),
  // Let the WordPress import reach loopback and private addresses (a blog on the same network).
  EDUCATION_IMPORT_ALLOW_PRIVATE: z.preprocess(emptyAsUndefined, booleanish.default(false)),
  // GET /metrics for a scraper bearing this token (at least 16 characters).
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  // Serve /metrics on a listener of its own instead, e.g. 127.0.0.1:9464.
  METRICS_HOST: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[^\s:]+:\d{1,5}$/, { error: 'must be host:port, such as 127.0.0.1:9464' })
      .optional(),
  ),
  // Where backup archives go: `npm run backup` by default, and the scheduled backups.
  BACKUP_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  // Hours between scheduled backups when BACKUP_DIR is set (0: none, only manual ones).
  BACKUP_INTERVAL_HOURS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of hours' })
      .min(0, 'must be 0 (off) or more')
      .max(24 * 7, 'must be at most 168 (a week)')
      .default(24),
  ),
  // How many archives the scheduled backups keep in BACKUP_DIR (the oldest are deleted).
  BACKUP_KEEP: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(7),
  ),
  // OpenID Connect providers members may sign in with (see README 'Sign in with OpenID Connect').
  OIDC_PROVIDERS: z.preprocess(emptyAsUndefined, ZOidcProviders.default([])),
  // Real mail through this SMTP server (smtp://user:pass@host:587, or smtps:// for TLS from the
  // start); without it, mail stays in the admins' outbox and each message is logged.
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({
        protocol: /^smtps?$/,
        error: 'must be an SMTP URL such as smtp://user:pass@mail.example.org:587',
      })
      .optional(),
  ),
  // The sender of every message, e.g. "Contest Platform <noreply@example.org>".
  MAIL_FROM: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(300, 'is too long')
      .regex(/^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
        error: 'must be an address such as noreply@example.org or "Name <noreply@example.org>"',
      })
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});
export type Env = z.infer<typeof ZEnvSchema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = ZEnvSchema.superRefine((env, ctx) => {
    // Several app servers share one PostgreSQL database: each must open the others' cookies,
    // so none may make up a secret of its own.
    if (env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message:
          'is required when DATABASE_URL is set (the same value on every app server, at least 32 characters)',
      });
    }
    // Mail needs a sender address the SMTP server accepts; guessing one would be refused or spoofed.
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'is required when SMTP_URL is set (e.g. noreply@example.org)',
      });
    }
    // Links in real mail (a password reset) must not be built from a request's Host header: a
    // stranger asking a reset for someone else's account would choose where its token goes.
    if (env.SMTP_URL && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'is required when SMTP_URL is set: links in mail are built from it (e.g. https://contests.example.org)',
      });
    }
  }).safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}
