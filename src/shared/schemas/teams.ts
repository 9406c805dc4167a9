// Team mode (issue 19 'Teams'): the requests of the teams.* procedures (the Teams panel's forms
// validate with the same schemas) and their answers.
import { z } from 'zod';
import { ZRowId } from './rowId';
import { TEAM_MEMBER_STATES, TEAM_NAME_MAX, TEAM_NAME_MIN } from '../teams';
import { ZUsername } from './auth';
import { ZContestId } from './contests';
import { pageRequestFields, pageResponseFields } from './paging';
import { ZFeeProofSchema, ZOptionalInviteCode } from './participation';
import { prizeSharesProblem } from '../prizeShares';

export const ZTeamId = ZRowId('team');

const ZUserId = ZRowId('member');

export const ZTeamName = z
  .string({ error: 'Team name is required' })
  .trim()
  .min(TEAM_NAME_MIN, `Team name must be at least ${TEAM_NAME_MIN} characters`)
  .max(TEAM_NAME_MAX, `Team name must be at most ${TEAM_NAME_MAX} characters`)
  .refine(
    // One line wherever it is shown: no control characters.
    (name) => ![...name].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127),
    'Team name cannot hold control characters',
  );

// ---------------------------------------------------------------------------------------------
// Requests

export const ZTeamRef = z.object({ teamId: ZTeamId });
export const ZCreateTeamInput = z.object({ contestId: ZContestId, name: ZTeamName });
export type TCreateTeamInput = z.input<typeof ZCreateTeamInput>;
/** The forms' halves (the ids come from the page). */
export const ZTeamNameForm = z.object({ name: ZTeamName });
export const ZInviteForm = z.object({ username: ZUsername });

export const ZInviteMemberInput = z.object({ teamId: ZTeamId, username: ZUsername });
export const ZRenameTeamInput = z.object({ teamId: ZTeamId, name: ZTeamName });
export const ZTeamMemberInput = z.object({ teamId: ZTeamId, userId: ZUserId });
export const ZRegisterTeamInput = z.object({
  teamId: ZTeamId,
  /** Invite contests: the contest's code, given by the captain for the team. */
  inviteCode: ZOptionalInviteCode,
});
export const ZListTeamsInput = z.object({
  contestId: ZContestId,
  ...pageRequestFields(100, 50),
});
export const ZMyTeamInput = z.object({ contestId: ZContestId });

/** One member's share of the team's prize: a percentage ('33.33'). */
export const ZPrizeShare = z.object({
  userId: ZUserId,
  percent: z.string({ error: 'Enter a percentage' }).trim().max(6, 'Enter a percentage'),
});
export type TPrizeShareLine = z.infer<typeof ZPrizeShare>;
const ZShareList = z.array(ZPrizeShare).max(100, 'A team has at most 100 members');

/** The shares' own rule (shared/prizeShares.ts) on the field it is about. */
function checkShares(v: { shares: { userId: number; percent: string }[] }, ctx: z.RefinementCtx) {
  const problem = prizeSharesProblem(v.shares);
  if (problem) {
    ctx.addIssue({
      code: 'custom',
      path: problem.index === null ? ['shares'] : ['shares', problem.index, 'percent'],
      message: problem.message,
    });
  }
}

/** The captain's shares (every member, totalling 100 %); none: the prize is split equally. */
export const ZPrizeSharesForm = z.object({ shares: ZShareList }).superRefine(checkShares);
export const ZSetPrizeSharesInput = z
  .object({ teamId: ZTeamId, shares: ZShareList })
  .superRefine(checkShares);
export type TSetPrizeSharesInput = z.infer<typeof ZSetPrizeSharesInput>;

// ---------------------------------------------------------------------------------------------
// Answers

export const ZTeamMember = z.object({
  userId: z.number().int(),
  username: z.string(),
  profileImage: z.string().nullable(),
  state: z.enum(TEAM_MEMBER_STATES),
  isCaptain: z.boolean(),
  /** Who sent the invitation (null once their account is gone, or for the founder). */
  invitedBy: z.string().nullable(),
  invitedAt: z.date(),
  /** When the invitation was accepted (the founder: when the team was created). */
  joinedAt: z.date().nullable(),
  /** The member's share of the team's prize set by the captain ('33.33'); null: equal split. */
  prizeShare: z.string().nullable(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

/** A registered team's place on its contest's leaderboard (rank null until scored). */
export const ZTeamResult = z.object({
  participantId: z.number().int(),
  rank: z.number().int().nullable(),
  score: z.number().nullable(),
  scoreDecimals: z.number().int(),
  participants: z.number().int(),
});

/** The contest a team belongs to, as a link to it needs (its page is /contests/<slug>). */
const teamContestFields = {
  contestId: z.number().int(),
  contestSlug: z.string(),
  contestTitle: z.string(),
};

export const ZTeam = z.object({
  id: z.number().int(),
  name: z.string(),
  ...teamContestFields,
  contestStatus: z.string(),
  contestStartDate: z.date().nullable(),
  captainId: z.number().int(),
  captainName: z.string(),
  createdAt: z.date(),
  /** Members first (the captain at the top), then the open invitations. */
  members: z.array(ZTeamMember),
  memberCount: z.number().int(),
  teamMin: z.number().int(),
  teamMax: z.number().int(),
  /** Whether the captain set prize shares (else the team's prize is split equally). */
  prizeSharesSet: z.boolean(),
  /** Registered: the team takes part as one participant. */
  registered: z.boolean(),
  result: ZTeamResult.nullable(),
  /** What the caller is to this team, and may do now. */
  viewer: z.object({
    isCaptain: z.boolean(),
    isMember: z.boolean(),
    invited: z.boolean(),
  }),
  /** Before the contest's start: the roster and name may change. */
  canChange: z.boolean(),
  /** The captain may register now (size reached, not registered, registration open). */
  canRegister: z.boolean(),
  /** Paid contests: whether the team's entry fee is verified (paid once, by the captain). */
  feePaid: z.boolean(),
  /** The team's entry-fee proof awaiting review or rejected (its members see it), else null. */
  feeProof: ZFeeProofSchema.nullable(),
  participationType: z.string(),
});
export type TTeam = z.infer<typeof ZTeam>;

export const ZTeamSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  captainName: z.string(),
  memberCount: z.number().int(),
  registered: z.boolean(),
});
export type TTeamSummary = z.infer<typeof ZTeamSummary>;

export const ZTeamList = z.object({
  contestId: z.number().int(),
  teamMin: z.number().int(),
  teamMax: z.number().int(),
  items: z.array(ZTeamSummary),
  ...pageResponseFields,
});
export type TTeamList = z.infer<typeof ZTeamList>;

/** An open invitation of the caller's. */
export const ZTeamInvite = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  ...teamContestFields,
  invitedBy: z.string().nullable(),
  invitedAt: z.date(),
  memberCount: z.number().int(),
});
export type TTeamInvite = z.infer<typeof ZTeamInvite>;
export const ZTeamInvitesInput = z.object({ contestId: ZContestId.optional() }).default({});

export const ZLeftTeam = z.object({
  teamId: z.number().int(),
  contestId: z.number().int(),
  /** Whether the team is gone (its last member left). */
  dissolved: z.boolean(),
});
