// What other areas may use of messages: queueing mail (inside their own transaction) and its
// templates; the Outbox and the sender are for the admin router and the server's start.
export { queueMail, siteNameOf, listOutbox, retryMail, type QueuedMail } from './outbox';
export {
  appLink,
  noticeMail,
  passwordResetMail,
  verifyEmailMail,
  type MailContent,
} from './templates';
export {
  DEFAULT_RETRY,
  backoffMs,
  sendDueMail,
  startMailSender,
  type MailSender,
  type RetryPolicy,
} from './sender';
