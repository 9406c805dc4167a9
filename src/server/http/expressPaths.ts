// Every path Express answers itself, outside tRPC and the REST table (rest.ts): the one list of
// what is mounted and who may call it. The mounting code (app.ts, uploads.ts, scoresImport.ts,
// backups.ts, oidc.ts) takes its paths from here, and the access matrix
// (tests/server/access.test.ts) calls each as every principal and fails on a mounted path that
// is missing here. The built client's files and pages (static.ts) are open to anyone and are not
// listed: they are served only when a client folder is given.
import { BACKUP_DOWNLOAD_PATH } from '../../shared/schemas/operations';
import type { Access } from '../trpc/trpc';

export interface ExpressPath {
  method: 'get' | 'post' | 'put';
  path: string;
  /**
   * Who may call it, as a procedure's access: or 'token', a scraper bearing METRICS_TOKEN (no
   * session counts; without the variable the path answers 404 to everyone).
   */
  access: Access | 'token';
}

export const EXPRESS_PATHS = {
  /** Alive: answers without touching anything. */
  health: { method: 'get', path: '/api/health', access: 'anonymous' },
  /** Ready to serve: the database, its migrations, the upload folder. */
  ready: { method: 'get', path: '/api/ready', access: 'anonymous' },
  /** Prometheus' scrape (metrics.ts). */
  metrics: { method: 'get', path: '/metrics', access: 'token' },
  /** A multipart upload (uploads.ts). */
  upload: { method: 'post', path: '/api/upload', access: 'member' },
  /** An uploaded file: public ones to anyone, private ones (payment proofs) to their owner and staff. */
  uploadedFile: { method: 'get', path: '/uploads/:name', access: 'anonymous' },
  /** A score CSV applied at once (scoresImport.ts); the organiser rule is the body's. */
  scoresCsv: { method: 'post', path: '/api/contests/:id/scores/csv', access: 'member' },
  /** Submission contests (submissionFiles.ts): the evaluation with its key, an upload, the
   * downloads; the organiser and participant rules are the domain's. */
  evaluationSet: { method: 'put', path: '/api/contests/:id/evaluation', access: 'member' },
  submissionCreate: { method: 'post', path: '/api/contests/:id/submissions', access: 'member' },
  submissionFile: { method: 'get', path: '/api/submissions/:id/file', access: 'member' },
  evaluationSample: {
    method: 'get',
    path: '/api/contests/:id/evaluation/sample',
    access: 'member',
  },
  /** A trading statement's upload (tradingStatementFiles.ts); the trader rule is the domain's. */
  statementUpload: { method: 'post', path: '/api/contests/:id/statements', access: 'member' },
  /** The newest backup archive (backups.ts), by operations.backupStatus's rule. */
  backupDownload: { method: 'get', path: BACKUP_DOWNLOAD_PATH, access: 'admin' },
  /** The trips to an OpenID provider and back (oidc.ts). */
  oidcStart: { method: 'get', path: '/api/auth/oidc/:provider/start', access: 'anonymous' },
  oidcCallback: { method: 'get', path: '/api/auth/oidc/:provider/callback', access: 'anonymous' },
} as const satisfies Record<string, ExpressPath>;
