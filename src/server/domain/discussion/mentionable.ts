// Who may be @mentioned in a contest's discussion (issue 32): its participants (in team mode,
// the members of a registered team, as entrantOf counts them), its creator and staff (moderators,
// admins); never a banned account. One condition on `users` serves both the notices (which of the
// names written resolve) and the suggestions offered as one types. Nothing private is answered:
// id, username and picture, as a post's author shows them.
import { and, asc, eq, exists, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { caseless, caselessValues, likeCaseless } from '../../platform/db/dialect';
import { contestParticipants as cp, teamMembers, users } from '../../platform/db/schema';
import type { TMentionableRequest, TMentionable } from '../../../shared/schemas/discussion';
import { visibleContest, type DiscussionViewer } from './access';

/** How many suggestions one query answers. */
export const MENTION_SUGGESTIONS = 8;

/** `users` rows that may be mentioned in this contest's discussion. */
export function mayBeMentioned(contest: { id: number; createdBy: number }): SQL {
  const participant = exists(
    sql`(SELECT 1 FROM ${cp} WHERE ${cp.contestId} = ${contest.id} AND ${cp.userId} = ${users.id})`,
  );
  const teamMember = exists(
    sql`(SELECT 1 FROM ${teamMembers} INNER JOIN ${cp} ON ${cp.teamId} = ${teamMembers.teamId}
      WHERE ${teamMembers.contestId} = ${contest.id} AND ${teamMembers.userId} = ${users.id}
      AND ${teamMembers.state} = 'member')`,
  );
  return and(
    ne(users.role, 'banned'),
    or(
      eq(users.id, contest.createdBy),
      inArray(users.role, ['moderator', 'admin']),
      participant,
      teamMember,
    ),
  )!;
}

/** The ids of the members these (lower-cased) usernames name who may be mentioned here. */
export async function mentionedMembers(
  db: DbOrTx,
  contest: { id: number; createdBy: number },
  usernames: readonly string[],
): Promise<{ id: number; username: string }[]> {
  if (!usernames.length) return [];
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        inArray(caseless(users.username), caselessValues([...usernames])),
        mayBeMentioned(contest),
      ),
    );
}

/** The `prefix%` pattern of a LIKE, the prefix's own wildcards escaped. */
const startsWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Up to 8 members who may be mentioned whose username starts with `query` (any case), for
 * someone who may read the contest (404 otherwise, as a hidden contest is).
 */
export async function mentionable({
  db,
  viewer,
  contestId,
  query,
}: { db: DB; viewer: DiscussionViewer } & TMentionableRequest): Promise<TMentionable> {
  const contest = await visibleContest(db, viewer, contestId);
  return db
    .select({ id: users.id, username: users.username, profileImage: users.profileImage })
    .from(users)
    .where(and(likeCaseless(users.username, startsWith(query)), mayBeMentioned(contest)))
    .orderBy(asc(caseless(users.username)))
    .limit(MENTION_SUGGESTIONS);
}
