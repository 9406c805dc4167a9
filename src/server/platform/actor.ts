// Who is acting: what services need to apply row rules and to write the audit log.
import type { Role } from '../../shared/constants';
import { isReviewerRole } from '../../shared/contests';
import type { DB } from './db/client';

export interface Actor {
  id: number;
  username: string;
  role: Role;
  ip?: string;
  userAgent?: string;
  /** Where links in mail this action causes point (PUBLIC_URL or the request's address). */
  origin?: string;
}

/** What a service that acts on one row, named by its id, is called with. */
export interface ActionOnRow {
  db: DB;
  actor: Actor;
  id: number;
}

/** What a service that acts on a request's input (a save, a create) is called with. */
export interface ActionWithInput<I> {
  db: DB;
  actor: Actor;
  input: I;
}

/** What a read of one contest for the member viewing it is called with (`now`: the clock unless a test sets it). */
export interface ContestViewArgs {
  db: DB;
  viewer: Pick<Actor, 'id' | 'role'>;
  contestId: number;
  now?: number;
}

export function isReviewer(actor: Pick<Actor, 'role'> | null | undefined): boolean {
  return isReviewerRole(actor?.role);
}

/** Whoever runs `npm run admin` on the server: audited as 'console', with no account behind it. */
export const CONSOLE_ACTOR: Actor = { id: 0, username: 'console', role: 'admin', ip: 'console' };
