// A browser test's server sending its mail through a real SMTP server on 127.0.0.1, as SMTP_URL
// would make it: the server for the file, a sender for each test (stopped after it).
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startMailSender, type MailSender } from '../../src/server/domain/messages';
import { smtpTransport } from '../../src/server/platform/mail/transport';
import { startSmtpServer, type TestSmtp } from '../helpers/smtp';
import type { Stage } from './stage';

/** Registers the hooks; the returned function gives the file's SMTP server once it runs. */
export function sendThroughLocalSmtp(stage: Stage): () => TestSmtp {
  let smtp: TestSmtp | undefined;
  let sender: MailSender | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp?.close());
  beforeEach(() => {
    sender = startMailSender({
      db: stage.s.db,
      logger: pino({ level: 'silent' }),
      transport: smtpTransport({ url: smtp!.url, from: 'Contest Platform <noreply@test.example>' }),
      intervalMs: 500,
    });
    stage.s.deps.mailer = sender;
  });
  afterEach(async () => {
    await sender?.stop();
    sender = undefined;
  });
  return () => smtp!;
}
