// The mail queue's vocabulary, shared by the server (the outbox table, the sender) and the admin's
// Outbox page.

/**
 * A message's state in the outbox:
 * - queued: waiting for the sender (again, after a failed try, once its backoff has passed);
 * - sending: claimed by one server's sender, which is talking to the SMTP server now;
 * - sent: the SMTP server took it;
 * - outbox: no SMTP server is configured: it stays here, for an admin to read (and the log);
 * - failed: every try failed; the last error says why. An admin may queue it again.
 */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'outbox', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  outbox: 'Kept in outbox',
  failed: 'Failed',
};

/** What a message is: each has its template (domain/messages/templates.ts). */
export const MAIL_KINDS = ['password_reset', 'verify_email', 'unlock_device', 'notice'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  password_reset: 'Password reset',
  verify_email: 'E-mail verification',
  unlock_device: 'Unlock link',
  notice: 'Notice',
};
