// What other areas may use of payouts (issue 30): the lines confirmed results make, the admins'
// steps on them, the lists, totals and CSV, and the reminders' job.
export {
  createPayoutLines,
  removeContestLines,
  payoutMethodSaved,
  type NewPayoutLine,
} from './lines';
export { listPayouts } from './list';
export { updatePayout, confirmPayoutReceived } from './steps';
export { payoutsCsv } from './csv';
export { yearlyTotals } from './yearly';
export { payoutReminderJob, payoutReminderRound } from './reminders';
export { lineToDecide, recordForfeitDecision, contestPayees, contestForfeits } from './forfeits';
export { payoutById } from './rows';
