// Every path of the client's route table (App.tsx renders them; the accessibility suite visits
// them all). App.tsx types its routes by these paths, so a new screen must be listed here first.

/** Only for visitors who are not signed in. */
export const GUEST_PATHS = ['/auth', '/forgot-password'] as const;

/** Open to everyone, signed in or not (a certificate: anyone with its address verifies it). */
export const OPEN_PATHS = [
  '/debug',
  '/reset-password',
  '/verify-email',
  '/trust-device',
  '/certificates/:code',
] as const;

/** Behind sign-in; App.tsx says which roles may open each one. */
export const SIGNED_IN_PATHS = [
  '/',
  '/contests',
  '/contests/create',
  '/contests/:contestId',
  '/teams/:teamId',
  '/payment',
  '/leaderboard',
  '/education',
  '/education/:idOrSlug',
  '/analytics',
  '/settings',
  '/receipts/:proofId',
  '/notifications',
  '/admin',
  '/admin/users',
  '/admin/subscriptions',
  '/admin/settings',
  '/admin/audit',
  '/admin/outbox',
  '/admin/education',
  '/admin/education/new',
  '/admin/education/:id/edit',
  '/admin/contests',
  '/admin/contests/create',
  '/admin/disputes',
  '/admin/reports',
  '/admin/payouts',
] as const;

export type SignedInPath = (typeof SIGNED_IN_PATHS)[number];

/** A path with each ':param' replaced by a sample value, so the route can be opened. */
export function samplePath(path: string): string {
  return path.replace(/:[^/]+/g, '1');
}
