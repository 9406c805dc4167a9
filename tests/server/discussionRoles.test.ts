// Every discussion procedure as each kind of caller: signed out, a member who takes no part, a
// participant, the contest's organiser (its creator), a moderator, an admin and a banned member
// (whose session counts as signed out). Each call either runs or is refused with the code and
// reason the rules give; a refused call changes nothing it was asked to change.
import { describe, expect, it, afterAll } from 'vitest';
import { callerFor, createTestDb, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { discussionCast, discussionMember, letTimePass } from '../helpers/discussion';

const t = await createTestDb();
afterAll(() => t.close());

const cast = await discussionCast(t.db);
// The posts acted on are a moderator's (no limit holds the fixtures back), in the cast's contest.
const speaker = await discussionMember(t.db, { role: 'moderator' });
const target = await discussionMember(t.db);
const as = (user?: CreatedUser) => callerFor(t, user).caller;
const topic = await as(speaker).discussion.createTopic({
  contestId: cast.contestId,
  title: 'Roles',
  body: 'Who may do what?',
});
let n = 0;
const freshPost = async () =>
  (await as(speaker).discussion.reply({ topicId: topic.id, body: `Post ${(n += 1)}` })).id;

type Role = 'anonymous' | 'member' | 'participant' | 'organiser' | 'moderator' | 'admin' | 'banned';
const ROLES: Role[] = [
  'anonymous',
  'member',
  'participant',
  'organiser',
  'moderator',
  'admin',
  'banned',
];
const userOf: Record<Role, CreatedUser | undefined> = {
  anonymous: undefined,
  member: cast.member,
  participant: cast.participant,
  organiser: cast.creator,
  moderator: cast.moderator,
  admin: cast.admin,
  banned: cast.banned,
};

/** 'ok', or the refusal's code (and reason). */
type Outcome = 'ok' | string;
const OPEN: Outcome[] = ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'];
const SIGNED_IN: Outcome[] = ['401', 'ok', 'ok', 'ok', 'ok', 'ok', '401'];
const WRITERS: Outcome[] = ['401', '403 not_allowed_to_post', 'ok', 'ok', 'ok', 'ok', '401'];
const ORGANISER: Outcome[] = [
  '401',
  '403 not_organiser',
  '403 not_organiser',
  'ok',
  'ok',
  'ok',
  '401',
];

type Call = ReturnType<typeof as>['discussion'];
const CASES: {
  procedure: keyof Call;
  expected: Outcome[];
  input: () => Promise<unknown>;
}[] = [
  { procedure: 'list', expected: OPEN, input: async () => ({ contestId: cast.contestId }) },
  { procedure: 'get', expected: OPEN, input: async () => ({ id: topic.id }) },
  {
    procedure: 'createTopic',
    expected: WRITERS,
    input: async () => ({ contestId: cast.contestId, title: 'Mine', body: `Body ${(n += 1)}` }),
  },
  {
    procedure: 'reply',
    expected: WRITERS,
    input: async () => ({ topicId: topic.id, body: `Reply ${(n += 1)}` }),
  },
  {
    procedure: 'editPost',
    expected: ['401', ...Array(5).fill('403 not_author'), '401'],
    input: async () => ({ id: await freshPost(), body: 'Changed' }),
  },
  {
    procedure: 'deletePost',
    expected: ['401', '403 not_author', '403 not_author', 'ok', 'ok', 'ok', '401'],
    input: async () => ({ id: await freshPost() }),
  },
  { procedure: 'upvote', expected: WRITERS, input: async () => ({ id: await freshPost() }) },
  { procedure: 'removeUpvote', expected: SIGNED_IN, input: async () => ({ id: topic.post.id }) },
  { procedure: 'follow', expected: SIGNED_IN, input: async () => ({ id: topic.id }) },
  { procedure: 'unfollow', expected: SIGNED_IN, input: async () => ({ id: topic.id }) },
  {
    procedure: 'report',
    expected: SIGNED_IN,
    input: async () => ({ id: await freshPost(), reason: 'other' }),
  },
  {
    procedure: 'updateTopic',
    expected: ORGANISER,
    input: async () => ({ id: topic.id, pinned: true }),
  },
  { procedure: 'history', expected: ORGANISER, input: async () => ({ id: topic.post.id }) },
  {
    procedure: 'bar',
    expected: ORGANISER,
    input: async () => ({ contestId: cast.contestId, userId: target.id, reason: 'Roles test' }),
  },
  { procedure: 'bars', expected: ORGANISER, input: async () => ({ contestId: cast.contestId }) },
  {
    procedure: 'unbar',
    expected: ORGANISER,
    input: async () => ({ contestId: cast.contestId, userId: target.id }),
  },
  {
    procedure: 'setOpen',
    expected: ORGANISER,
    input: async () => ({ contestId: cast.contestId, open: false }),
  },
];

describe.each(CASES)('discussion.$procedure', ({ procedure, expected, input }) => {
  it.each(ROLES.map((role, i) => [role, expected[i]!] as const))(
    'as %s: %s',
    async (role, outcome) => {
      await letTimePass(t.db, 60_000);
      const call = (as(userOf[role]).discussion[procedure] as (i: unknown) => Promise<unknown>)(
        await input(),
      );
      if (outcome === 'ok') {
        await call;
        return;
      }
      const refused = await refusal(call);
      const [status, reason] = outcome.split(' ');
      const code = { '401': 'UNAUTHORIZED', '403': 'FORBIDDEN' }[status!];
      expect(refused.code).toBe(code);
      if (reason) expect(refused.reason).toBe(reason);
    },
  );
});
