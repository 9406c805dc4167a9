// A trader's statement once uploaded (issue 34): whether it counts on the board, and what the
// organiser is asked to look at. One list for the table's check, the schemas and the pages.

/**
 * - `counted`: parsed, ownership proven, nothing flagged: it counts on the board at once;
 * - `pending`: ownership not proven or something flagged: it waits for the organiser;
 * - `approved`: the organiser let it count;
 * - `rejected`: it does not count (the trader may upload another);
 * - `disqualified`: the trader stays on the board, marked, below the ranked ones.
 */
export const STATEMENT_STATUSES = [
  'counted',
  'pending',
  'approved',
  'rejected',
  'disqualified',
] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

/** What an organiser may set (`PATCH /api/statements/{id}`). */
export const STATEMENT_DECISIONS = ['approved', 'rejected', 'disqualified'] as const;
export type StatementDecision = (typeof STATEMENT_DECISIONS)[number];

export const OWNERSHIP = ['proven', 'not_proven'] as const;
export type Ownership = (typeof OWNERSHIP)[number];

/**
 * What is flagged for the organiser: the account number (with its server) used by another
 * member of the contest; already-closed tickets that changed since the member's last upload;
 * an account in another currency than the rules' one.
 */
export const STATEMENT_FLAG_KINDS = ['duplicate_account', 'changed_tickets', 'currency'] as const;
export type StatementFlagKind = (typeof STATEMENT_FLAG_KINDS)[number];

export interface StatementFlag {
  kind: StatementFlagKind;
  message: string;
  /** The tickets concerned (changed tickets), else empty. */
  tickets: string[];
}
