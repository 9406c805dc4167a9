// The bye rule (isByeMatch in src/shared/tournaments.ts: a side stored as NULL has no opponent at
// all) as a query condition, for the reads that must filter byes out before a LIMIT.
import { and, isNotNull } from 'drizzle-orm';
import { bracketMatches } from '../../platform/db/schema';

/** Matches with an opponent (or a place to be decided) on both sides: not byes. */
export function notByeMatch() {
  return and(isNotNull(bracketMatches.opponent1), isNotNull(bracketMatches.opponent2));
}
