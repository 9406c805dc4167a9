// Crypto payments with reviewed proofs (PRODUCT.md 'Money', SPEC 2.12): what the payment page
// offers, proofs sent by members, and their review by moderators and admins (proofs/, one file
// per part), and the plans tiers are sold in (subscriptions.ts, issue 33). This is the money
// area's door.
export { listMyProofs, listProofQueue } from './proofs/reads';
export { paymentOptions, tierChoice } from './proofs/targets';
export { submitProof } from './proofs/submit';
export { reviewProof } from './proofs/review';
export { listPlans } from './subscriptions';
