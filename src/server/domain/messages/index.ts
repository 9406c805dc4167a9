// What other areas may use of messages: queueing mail (inside their own transaction) and its
// templates; notifications (notify() and one function per event, inside the event's
// transaction); the Outbox, the sender and the reminder scheduler are for the routers and the
// server's start.
export { queueMail, siteNameOf, listOutbox, retryMail, type QueuedMail } from './outbox';
export {
  appLink,
  noticeMail,
  passwordResetMail,
  verifyEmailMail,
  unlockDeviceMail,
  type AccountLinkMail,
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
export {
  notify,
  notifyMany,
  listNotifications,
  unreadCount,
  markRead,
  participantsNotYetTold,
  getPreferences,
  setPreferences,
  type Notice,
  type NotifyOptions,
} from './notifications';
export {
  notifyCheckInMissed,
  notifyCheckInOpen,
  notifyContestDecision,
  notifyDisqualified,
  notifyJoined,
  notifyMatchDecided,
  notifyMatchDisputed,
  notifyMatchReported,
  notifyMatchesReady,
  notifyPaymentReviewed,
  notifyResults,
  notifyRosterChange,
  notifyScoresChanged,
  notifyTeamInvite,
} from './notificationEvents';
export { reminderRound, sendContestReminders, reminderJob, REMINDER_WINDOW_MS } from './reminders';
