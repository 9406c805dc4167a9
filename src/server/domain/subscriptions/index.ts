// Subscriptions' life (issue 33): the scheduled round of plans' ends (reminders, the next plan,
// the drop after the grace) and the member's own view of their plan, history and receipts. The
// plans on sale and their purchase stay in money (proofs, plans). This is the area's door.
export {
  SUBSCRIPTION_EVERY_MS,
  subscriptionJob,
  subscriptionRound,
  type SubscriptionRoundResult,
} from './lifecycle';
export { RECEIPT_NOT_FOUND, myPlan, myReceipt, mySubscription } from './mine';
export { planColumns } from './planColumns';
