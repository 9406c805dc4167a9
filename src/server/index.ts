// Entry point: reads the environment, opens the database, starts listening, shuts down cleanly.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './http/app';
import { startMetricsListener } from './http/metrics';
import { bootstrap, resolveSessionSecret } from './seed/bootstrap';
import { closeDatabase, openConfiguredDatabase } from './platform/db/client';
import { exclusively } from './platform/db/locks';
import { createJobRunner } from './platform/jobs';
import { redactUrl } from './platform/db/postgres';
import { parseEnv } from './platform/env';
import { assertPortFree, listenProblem } from './platform/port';
import { createLogDestination } from './platform/logDestination';
import { createLogger } from './platform/logger';
import { CLIENT_DIR } from './platform/paths';
import { createLimits, limitStoreFor, rateLimitSweepJob } from './platform/limits';
import { getPlatformSettings } from './domain/settings';
import { createPasswordHasher } from './domain/accounts/passwords';
import { accountMailSettled } from './domain/accounts/afterAnswer';
import { recordLinkOrigin } from './domain/accounts/linkOrigin';
import { uploadCleanupJob } from './platform/files/cleanup';
import { holdWhileServing } from './platform/db/inUse';
import { formatBytes } from '../shared/format';
import { scheduledBackupJob, type BackupSchedule } from './domain/operations';
import { createOidcRegistry } from './domain/accounts/oidc/providers';
import { reminderJob, startMailSender } from './domain/messages';
import { tournamentStartJob } from './domain/tournaments/startRound';
import { contestEndJob } from './domain/participation';
import { resultsFreezeJob } from './domain/results';
import { payoutReminderJob } from './domain/payouts';
import { subscriptionJob } from './domain/subscriptions';
import { closeScoringPool, privateCleanupJob, scoringJob } from './domain/submissions';
import { closeParsePool } from './domain/trading';
import { redactSmtpUrl, smtpTransport } from './platform/mail/transport';

async function main() {
  // An optional .env beside package.json; real environment variables win over it.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // Before anything touches the database: a busy port stops the start with nothing done.
  try {
    await assertPortFree(env.PORT, env.HOST);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const logDestination = createLogDestination();
  const logger = createLogger(env.LOG_LEVEL, logDestination);
  // A promise nobody awaited failed: a fault to log and look into, never a reason to drop every
  // request this server is carrying (a database connection lost under it is one such case).
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled rejection');
  });
  const target = { databaseUrl: env.DATABASE_URL, databasePath: env.DATABASE_PATH };
  let db;
  let serving;
  try {
    // Held while this server runs: `npm run restore` refuses a database a server is using, and a
    // server waits for a restore to finish before it touches the database.
    serving = await holdWhileServing(target, {
      onWait: () => logger.warn('A restore is running on this database: waiting for it to finish'),
    });
    db = await openConfiguredDatabase(
      { databaseUrl: env.DATABASE_URL, databasePath: env.DATABASE_PATH, poolSize: env.PGPOOL_SIZE },
      { log: { info: (msg) => logger.info(msg) } },
    );
  } catch (error) {
    // A bad URL or an unreachable server: say which, and stop.
    console.error(
      env.DATABASE_URL && !(error as Error).message.includes(redactUrl(env.DATABASE_URL))
        ? `Cannot reach PostgreSQL at ${redactUrl(env.DATABASE_URL)}: ${(error as Error).message}`
        : (error as Error).message,
    );
    logDestination.flushSync();
    process.exit(1);
  }
  if (env.DATABASE_URL) logger.info(`Using PostgreSQL at ${redactUrl(env.DATABASE_URL)}`);
  // Always the production cost: no variable can weaken password hashing.
  const passwords = createPasswordHasher();
  // A fresh install is ready before its first upload (/api/ready checks the directory takes a file).
  fs.mkdirSync(path.resolve(env.UPLOAD_DIR), { recursive: true });
  // Servers starting together: one seeds, the others wait and find it done.
  await exclusively(db, 'seed', { wait: true }, () => bootstrap(db, env, logger, passwords));
  const uploadDir = path.resolve(env.UPLOAD_DIR);
  const backups: BackupSchedule | undefined = env.BACKUP_DIR
    ? {
        dir: path.resolve(env.BACKUP_DIR),
        intervalHours: env.BACKUP_INTERVAL_HOURS,
        keep: env.BACKUP_KEEP,
      }
    : undefined;
  // OpenID providers are discovered in the background: one that is down hides its button and is
  // tried again later, and never holds up the start.
  const oidc = env.OIDC_PROVIDERS.length
    ? createOidcRegistry(env.OIDC_PROVIDERS, { logger })
    : undefined;
  // Every background loop is a job of this one runner (platform/jobs): its interval, its lease
  // when one server of all runs it, a failed round logged and the next one tried, the stop.
  const jobs = createJobRunner({ db, logger });
  // Queued mail goes out in the background, from every server (each claims its own rows).
  const mailer = startMailSender({
    db,
    logger,
    jobs,
    transport:
      env.SMTP_URL && env.MAIL_FROM
        ? smtpTransport({ url: env.SMTP_URL, from: env.MAIL_FROM })
        : undefined,
  });
  if (env.SMTP_URL) {
    logger.info(`Sending mail through ${redactSmtpUrl(env.SMTP_URL)} as ${env.MAIL_FROM}`);
  } else {
    logger.info('No SMTP_URL: mail is kept in the admins’ outbox (Admin > Outbox) and logged');
  }
  // Links in the background rounds' mail: PUBLIC_URL, else the address first served (recorded
  // by the first request, domain/accounts/linkOrigin.ts), as links in requests' mail; before any
  // request was ever served, this machine's own address.
  const publicOrigin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined;
  const linkOrigin = async () =>
    publicOrigin ??
    (await recordLinkOrigin({ db }).catch(() => undefined)) ??
    `http://localhost:${env.PORT}`;
  // Contest start reminders (issue 20): one round every ten minutes by one server of all; each
  // member is reminded of a contest once (its record is the notification's dedupe key).
  const reminders = jobs.register(
    reminderJob({
      db,
      origin: linkOrigin,
      onSent: (count) => {
        logger.info({ count }, 'contest reminders sent');
        mailer.wake();
      },
    }),
  );
  // Bracket contests' starts (issue 19): check-in opening told, the not-checked-in dropped at the
  // start, the bracket generated when the contest asks for it; one round a minute, one server.
  const tournamentStarts = jobs.register(
    tournamentStartJob({
      db,
      origin: linkOrigin,
      onGenerateError: (error, contestId) =>
        logger.warn({ err: error, contestId }, 'bracket not generated at the start'),
      onRound: (result) => {
        logger.info(result, 'tournament start round');
        mailer.wake();
      },
    }),
  );
  // Contests whose end date has passed become completed (the one lifecycle, issue 29): one round
  // a minute, one server; their participants hear the final results.
  const contestEnds = jobs.register(
    contestEndJob({
      db,
      origin: linkOrigin,
      onCompleted: (contestIds) => {
        logger.info({ contestIds }, 'contests completed at their end');
        mailer.wake();
      },
    }),
  );
  // Completed contests' standings frozen once nothing blocks them; payout reminders and forfeits
  // (issue 30).
  jobs.register(resultsFreezeJob({ db }));
  jobs.register(payoutReminderJob({ db }));
  // Plans' ends (issue 33): reminders 7 days and 1 day before and on the day, the next plan at
  // the end, the drop to the default tier after the grace; every ten minutes, one server.
  jobs.register(
    subscriptionJob({
      db,
      origin: linkOrigin,
      onDone: (result) => {
        logger.info(result, 'subscription round');
        mailer.wake();
      },
    }),
  );
  // Submissions no worker took at upload, lapsed takes and re-scores (every server claims its own).
  fs.mkdirSync(path.resolve(env.PRIVATE_DIR), { recursive: true });
  jobs.register(
    scoringJob({
      db,
      privateDir: path.resolve(env.PRIVATE_DIR),
      onDone: (round) => {
        if (round.scored || round.failed) logger.info(round, 'submissions scored');
      },
    }),
  );
  jobs.register(
    privateCleanupJob({
      db,
      privateDir: path.resolve(env.PRIVATE_DIR),
      onDone: ({ files }) => {
        if (files) logger.info({ files }, 'private files clean-up: removed %d files', files);
      },
    }),
  );
  // Abuse-limit counters kept in the database, swept an hour after they expire.
  jobs.register(rateLimitSweepJob({ db }));
  const app = createApp(
    {
      db,
      mailer,
      backups,
      logger,
      // The caps an admin sets on Platform Settings, read as each limit applies (cached per server,
      // renewed on every server when saved).
      limits: createLimits({}, limitStoreFor(db), () => getPlatformSettings({ db })),
      passwords,
      sessionSecret: resolveSessionSecret(env),
      uploadDir: path.resolve(env.UPLOAD_DIR),
      privateDir: path.resolve(env.PRIVATE_DIR),
      publicOrigin,
      allowPrivateImports: env.EDUCATION_IMPORT_ALLOW_PRIVATE,
      oidc,
    },
    { clientDir: CLIENT_DIR, trustProxy: env.TRUST_PROXY, metricsToken: env.METRICS_TOKEN },
  );
  if (env.METRICS_HOST) {
    const at = env.METRICS_HOST.lastIndexOf(':');
    const metricsHost = env.METRICS_HOST.slice(0, at);
    const metricsPort = Number(env.METRICS_HOST.slice(at + 1));
    const listener = await startMetricsListener(app.metrics, metricsHost, metricsPort);
    listener.unref();
    logger.info({ host: metricsHost, port: metricsPort }, 'metrics listening');
  }
  // Express 5 calls this with the error too when listening failed (handled below).
  const server = app.listen(env.PORT, env.HOST, (error?: Error) => {
    if (error) return;
    const { port } = server.address() as AddressInfo;
    logger.info({ port }, `Contest platform listening on http://${env.HOST}:${port}`);
  });
  // Open event streams (live leaderboards) never go idle by themselves: they are tracked so a
  // shutdown can end them, and their clients reconnect to the next server on their own.
  const streams = new Set<ServerResponse>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.headers.accept?.includes('text/event-stream')) return;
    streams.add(res);
    res.on('close', () => streams.delete(res));
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    // Taken between the check at the start and now: the same plain words.
    const problem = listenProblem(env.PORT, error);
    console.error(problem);
    logger.fatal({ err: error }, problem);
    logDestination.flushSync();
    process.exit(1);
  });

  // Uploads nothing references after a day, and files a crash left behind: at start, then
  // hourly, by one server of however many share the database and the upload volume.
  const cleanup = jobs.register(
    uploadCleanupJob({
      db,
      uploadDir,
      onDone: (removed) =>
        logger.info(removed, 'upload clean-up: removed %d uploads', removed.rows),
    }),
  );

  // Scheduled backups: when one is due (at start, then every interval), by one server of all.
  const backupJob =
    backups && backups.intervalHours > 0
      ? jobs.register(
          scheduledBackupJob({
            db,
            target,
            uploadDir,
            privateDir: path.resolve(env.PRIVATE_DIR),
            schedule: backups,
            onDone: (done) =>
              logger.info(
                { file: done.backup.file, size: done.backup.size, pruned: done.pruned },
                `scheduled backup written: ${done.backup.file} (${formatBytes(done.backup.size)})`,
              ),
          }),
        )
      : undefined;

  // Shutdown must finish whatever the log destination does (it may have gone away): the
  // closing steps come first, and a failing log line never stops them.
  const note = (msg: string, obj: object = {}) => {
    try {
      logger.info(obj, msg);
    } catch {
      /* nowhere to log to: carry on closing */
    }
  };
  /**
   * One step of the shutdown, given at most `ms`: a step that hangs (a database connection that
   * stopped answering mid-close) must not keep the process from exiting.
   */
  const closingStep = (what: string, ms: number, run: () => Promise<unknown>) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        note(`${what} took over ${ms} ms: going on`);
        resolve();
      }, ms);
      timer.unref();
      run()
        .catch(() => undefined)
        .finally(() => {
          clearTimeout(timer);
          resolve();
        });
    });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    oidc?.close();
    // No new rounds of the loops; the mail sender keeps sending what the requests still finishing
    // queue, and is stopped after them (below). Rounds under way are waited for there too.
    const loops = [reminders, tournamentStarts, contestEnds, cleanup, backupJob];
    for (const job of loops) void job?.stop();
    // In-flight requests finish; idle keep-alive sockets are closed so close() can complete.
    server.close(() => {
      void (async () => {
        // A send under way finishes (its row is written) before the database closes, and so do
        // the reset requests answered before their look-up and mail (domain/accounts).
        await closingStep('account mail', 5_000, accountMailSettled);
        await closingStep('the mail sender', 12_000, () => mailer.stop());
        await closingStep('background jobs', 5_000, () => jobs.stop());
        await closingStep('scoring workers', 5_000, () => closeScoringPool());
        await closingStep('statement workers', 5_000, () => closeParsePool());
        await closingStep('closing the database', 5_000, () => closeDatabase(db));
        await closingStep('releasing the database', 2_000, () => serving.release());
        note('closed');
        logDestination.flushSync();
        process.exit(0);
      })();
    });
    server.closeIdleConnections();
    const openStreams = streams.size;
    for (const res of streams) res.destroy();
    setTimeout(() => {
      server.closeAllConnections();
    }, 10_000).unref();
    note('shutting down', { signal });
    if (openStreams) note('ending open event streams', { streams: openStreams });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();
