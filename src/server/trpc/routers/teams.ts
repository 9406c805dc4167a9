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
  ZTeam,
  ZTeamInvite,
  ZTeamInvitesInput,
  ZTeamList,
  ZTeamMemberInput,
  ZTeamRef,
} from '../../../shared/schemas/teams';
import * as teams from '../../domain/tournaments/teams';
import { registerTeam } from '../../domain/tournaments/teamRegistration';
import * as reads from '../../domain/tournaments/teamReads';
import { protectedProcedure, router } from '../trpc';

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
    .mutation(async ({ ctx, input }) => {
      await teams.inviteMember({ db: ctx.db, actor: ctx.actor, ...input });
      return reads.getTeam({ db: ctx.db, viewer: ctx.actor, teamId: input.teamId });
    }),

  accept: protectedProcedure
    .input(ZTeamRef)
    .output(ZTeam)
    .mutation(async ({ ctx, input }) => {
      await teams.acceptInvite({ db: ctx.db, actor: ctx.actor, ...input });
      return reads.getTeam({ db: ctx.db, viewer: ctx.actor, teamId: input.teamId });
    }),

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
    .mutation(async ({ ctx, input }) => {
      await teams.removeMember({ db: ctx.db, actor: ctx.actor, ...input });
      return reads.getTeam({ db: ctx.db, viewer: ctx.actor, teamId: input.teamId });
    }),

  rename: protectedProcedure
    .input(ZRenameTeamInput)
    .output(ZTeam)
    .mutation(async ({ ctx, input }) => {
      await teams.renameTeam({ db: ctx.db, actor: ctx.actor, ...input });
      return reads.getTeam({ db: ctx.db, viewer: ctx.actor, teamId: input.teamId });
    }),

  transferCaptain: protectedProcedure
    .input(ZTeamMemberInput)
    .output(ZTeam)
    .mutation(async ({ ctx, input }) => {
      await teams.transferCaptaincy({ db: ctx.db, actor: ctx.actor, ...input });
      return reads.getTeam({ db: ctx.db, viewer: ctx.actor, teamId: input.teamId });
    }),

  register: protectedProcedure
    .input(ZRegisterTeamInput)
    .output(ZTeam)
    .mutation(async ({ ctx, input }) => {
      await registerTeam({ db: ctx.db, actor: ctx.actor, limits: ctx.limits, ...input });
      return reads.getTeam({ db: ctx.db, viewer: ctx.actor, teamId: input.teamId });
    }),
});
