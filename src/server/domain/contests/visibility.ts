// Who may see a contest, as one SQL condition every read puts in its `where` (documenso's
// getEnvelopeWhereInput is the model): a contest the viewer may not see is then never read, and
// the caller answers 404 exactly as for a missing one. The rule (PRODUCT.md 'Contests'): anyone
// sees active and completed contests, a member also their own in any status, and moderators and
// admins every contest (src/shared/contests.ts isOrganiser: the creator or a reviewer).
import { eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Role } from '../../../shared/constants';
import { isReviewerRole } from '../../../shared/contests';
import { dialect } from '../../platform/db/dialect';
import { contests } from '../../platform/db/schema';

/**
 * Who reads: null when nobody is signed in. The id may be a placeholder (`sql.placeholder`), so
 * a prepared statement carries the rule with the viewer bound per call.
 */
export type VisibilityViewer = { id: number | Placeholder; role: Role } | null;

/**
 * 'Anyone may see it', written exactly as the contests_public_* indexes are (on this
 * expression, then a date): an index on an expression serves only that same expression.
 * SQLite's holds it with '= 1', PostgreSQL's holds the boolean itself.
 */
export const publicContest: SQL =
  dialect === 'pg'
    ? sql`(${contests.status} = 'active' OR ${contests.status} = 'completed')`
    : sql`(${contests.status} = 'active' OR ${contests.status} = 'completed') = 1`;

/** The three shapes the condition takes; a prepared statement is made once per shape. */
export type ViewerKind = 'anonymous' | 'member' | 'reviewer';

export function viewerKind(viewer: VisibilityViewer | undefined): ViewerKind {
  if (!viewer) return 'anonymous';
  return isReviewerRole(viewer.role) ? 'reviewer' : 'member';
}

/**
 * The contests (rows of `contests`, alone or joined) this viewer may see. Undefined for
 * moderators and admins: they see every contest, so the query gets no condition at all
 * (drizzle's `and()` leaves it out).
 */
export function contestVisibleTo(viewer: VisibilityViewer | undefined): SQL | undefined {
  switch (viewerKind(viewer)) {
    case 'reviewer':
      return undefined;
    case 'member':
      return or(publicContest, eq(contests.createdBy, viewer!.id));
    case 'anonymous':
      return publicContest;
  }
}

/** A viewer of this shape whose id is bound per call as `me`: for prepared statements. */
export function preparedViewer(kind: ViewerKind): VisibilityViewer {
  if (kind === 'anonymous') return null;
  return { id: sql.placeholder('me'), role: kind === 'reviewer' ? 'moderator' : 'user' };
}
