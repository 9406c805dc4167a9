// How a message leaves the platform: nodemailer over SMTP_URL, or nowhere (no SMTP configured:
// the message stays in the admins' outbox, see domain/messages/sender.ts).
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface MailTransport {
  /** Hands one message to the SMTP server; throws when it does not take it. */
  send(message: OutgoingMail): Promise<void>;
  close(): void;
}

/** The SMTP URL without its password, for logs. */
export { redactUrl as redactSmtpUrl } from '../redactUrl';

/** SMTP through nodemailer: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://`. */
export function smtpTransport({ url, from }: { url: string; from: string }): MailTransport {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const transporter = nodemailer.createTransport({
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: parsed.username
      ? {
          user: decodeURIComponent(parsed.username),
          pass: decodeURIComponent(parsed.password),
        }
      : undefined,
    // A server that does not answer is a failed try (retried later), not a hung sender.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}
