// Team mode (issue 19 'Teams'): a contest's teams, a team's page, the caller's team and
// invitations, and the captain's and members' changes. Thin: the rules and their refusals
// (error data `reason`) are in domain/tournaments/teams.ts; changes answer the team as it is now.
import { z } from 'zod';
import {
  ZCreateTeamInput,
  ZInviteMemberInput,
  ZLeftTeam,
  ZListTeamsInput,
  ZMyTeamInput,
  ZRegisterTeamInput,
  ZRenameTeamInput,
  ZSetPrizeSharesInput,
  ZTeam,
  ZTeamInvite,
  ZTeamInvitesInput,
  ZTeamList,
  ZTeamMemberInput,
  ZTeamRef,
} from '../../../shared/schemas/teams';
import * as teams from '../../domain/tournaments/teams';
import { registerTeam } from '../../domain/tournaments/teamRegistration';
import { setPrizeShares } from '../../domain/tournaments/teamPrizeShares';
import * as reads from '../../domain/tournaments/teamReads';
import { protectedProcedure, router } from '../trpc';
import { asActor, type SignedInContext } from './resolve';

type TeamRef = { teamId: number };

/**
 * The resolver of a member's or the captain's change to the team its input names: the rule of
 * domain/tournaments acts as the caller, and the answer is the team as it is now (as the caller
 * sees it).
 */
function teamChange<A extends Record<'db' | 'actor', unknown>>(
  change: (args: A) => Promise<unknown>,
) {
  const act = asActor(change);
  return async (opts: { ctx: SignedInContext; input: Omit<A, 'db' | 'actor'> & TeamRef }) => {
    await act(opts);
    const { ctx, input } = opts;
    return reads.getTeam({ db: ctx.db, viewer: ctx.actor, teamId: input.teamId });
  };
}

export const teamsRouter = router({
  list: protectedProcedure
    .input(ZListTeamsInput)
    .output(ZTeamList)
    .query(({ ctx, input }) => reads.listTeams({ db: ctx.db, viewer: ctx.actor, ...input })),

  get: protectedProcedure
    .input(ZTeamRef)
    .output(ZTeam)
    .query(({ ctx, input }) =>
      reads.getTeam({ db: ctx.db, viewer: ctx.actor, teamId: input.teamId }),
    ),

  mine: protectedProcedure
    .input(ZMyTeamInput)
    .output(ZTeam.nullable())
    .query(({ ctx, input }) => reads.myTeam({ db: ctx.db, viewer: ctx.actor, ...input })),

  invites: protectedProcedure
    .input(ZTeamInvitesInput)
    .output(z.array(ZTeamInvite))
    .query(({ ctx, input }) => reads.myInvites({ db: ctx.db, viewer: ctx.actor, ...input })),

  create: protectedProcedure
    .input(ZCreateTeamInput)
    .output(ZTeam)
    .mutation(async ({ ctx, input }) => {
      const teamId = await teams.createTeam({ db: ctx.db, actor: ctx.actor, ...input });
      return reads.getTeam({ db: ctx.db, viewer: ctx.actor, teamId });
    }),

  invite: protectedProcedure
    .input(ZInviteMemberInput)
    .output(ZTeam)
    .mutation(teamChange(teams.inviteMember)),

  accept: protectedProcedure.input(ZTeamRef).output(ZTeam).mutation(teamChange(teams.acceptInvite)),

  decline: protectedProcedure
    .input(ZTeamRef)
    .output(ZLeftTeam)
    .mutation(({ ctx, input }) => teams.declineInvite({ db: ctx.db, actor: ctx.actor, ...input })),

  leave: protectedProcedure
    .input(ZTeamRef)
    .output(ZLeftTeam)
    .mutation(({ ctx, input }) => teams.leaveTeam({ db: ctx.db, actor: ctx.actor, ...input })),

  removeMember: protectedProcedure
    .input(ZTeamMemberInput)
    .output(ZTeam)
    .mutation(teamChange(teams.removeMember)),

  rename: protectedProcedure
    .input(ZRenameTeamInput)
    .output(ZTeam)
    .mutation(teamChange(teams.renameTeam)),

  transferCaptain: protectedProcedure
    .input(ZTeamMemberInput)
    .output(ZTeam)
    .mutation(teamChange(teams.transferCaptaincy)),

  setPrizeShares: protectedProcedure
    .input(ZSetPrizeSharesInput)
    .output(ZTeam)
    .mutation(teamChange(setPrizeShares)),

  register: protectedProcedure
    .input(ZRegisterTeamInput)
    .output(ZTeam)
    .mutation(async ({ ctx, input }) => {
      await registerTeam({ db: ctx.db, actor: ctx.actor, limits: ctx.limits, ...input });
      return reads.getTeam({ db: ctx.db, viewer: ctx.actor, teamId: input.teamId });
    }),
});
