// The caller's team on a team contest's page: its members and invitations, whether it is
// registered, and what the caller may do: the captain invites, renames, manages members, pays
// the entry fee of a paid contest (once, for the team) and registers the team once it has its
// minimum size; any member may leave before the start.
import {
  Alert,
  Badge,
  Box,
  Button,
  Link as ChakraLink,
  HStack,
  Heading,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { ZInviteCodeFormSchema } from '../../../shared/schemas/participation';
import type { TTeam } from '../../../shared/schemas/teams';
import { useZodForm } from '../../lib/useZodForm';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { FormField } from '../common/FormField';
import { FeeProofState } from '../payments/FeeProofState';
import { useLivePayments } from '../payments/useLivePayments';
import { StackForm } from '../common/StackForm';
import { InviteMemberForm, RenameTeamForm } from './TeamForms';
import { TeamMembers } from './TeamMembers';
import { useTeamActions, type TeamActions } from './teamActions';

function sizeText(team: TTeam): string {
  return `${team.memberCount} of ${team.teamMin}–${team.teamMax} members`;
}

/** An invite-only contest's registration: the captain enters the contest's invite code. */
function InviteCodeRegistration({ team, actions }: { team: TTeam; actions: TeamActions }) {
  const form = useZodForm({
    initialValues: { inviteCode: '' },
    schema: ZInviteCodeFormSchema,
    submit: (values) =>
      actions.register.mutateAsync({ teamId: team.id, inviteCode: values.inviteCode }),
  });
  return (
    <StackForm form={form} gap="3">
      {({ isSubmitting }) => (
        <>
          <FormField name="inviteCode" label="Contest invite code" autoComplete="off" required />
          <Button type="submit" colorPalette="purple" alignSelf="flex-start" loading={isSubmitting}>
            Register team
          </Button>
        </>
      )}
    </StackForm>
  );
}

/** Register, or what stands before it (the size, the entry fee). */
function Registration({
  team,
  actions,
  enableComments,
}: {
  team: TTeam;
  actions: TeamActions;
  enableComments?: boolean;
}) {
  if (team.registered) {
    return (
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Your team is registered</Alert.Title>
          <Alert.Description>It takes part as one participant, under its name.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (!team.viewer.isCaptain) {
    return (
      <Text color="fg.muted" fontSize="sm">
        Not registered yet: the captain registers the team once it has {team.teamMin} members.
      </Text>
    );
  }
  if (team.memberCount < team.teamMin) {
    return (
      <Text color="fg.muted" fontSize="sm">
        Invite members: the team can register once it has {team.teamMin} members ({team.memberCount}{' '}
        now).
      </Text>
    );
  }
  if (team.participationType === 'paid' && !team.feePaid && team.feeProof) {
    return (
      <FeeProofState
        feeProof={team.feeProof}
        contestId={team.contestId}
        enableComments={enableComments}
        teamName={team.name}
      />
    );
  }
  if (team.participationType === 'paid' && !team.feePaid) {
    return (
      <Stack gap="2">
        <Text fontSize="sm">
          This contest has an entry fee, paid once for the team by its captain. Once the payment is
          verified, the team is registered.
        </Text>
        <Button asChild colorPalette="purple" alignSelf="flex-start">
          <Link href={`/payment?contest=${team.contestId}`}>Pay entry fee</Link>
        </Button>
      </Stack>
    );
  }
  if (team.participationType === 'invite') {
    return <InviteCodeRegistration team={team} actions={actions} />;
  }
  return (
    <Button
      colorPalette="purple"
      alignSelf="flex-start"
      disabled={!team.canRegister}
      loading={actions.register.isPending}
      onClick={() => actions.register.mutate({ teamId: team.id })}
    >
      Register team
    </Button>
  );
}

export function MyTeam({
  team,
  enableComments,
}: {
  team: TTeam;
  /** The contest's discussion: a rejected fee proof links to a new topic about it. */
  enableComments?: boolean;
}) {
  const actions = useTeamActions();
  const [leaving, setLeaving] = useState(false);
  const captain = team.viewer.isCaptain;
  // The payer hears their proof's review live (their own payment stream), like a member's join
  // panel: 'awaiting review', then registered or rejected, without a reload.
  useLivePayments(!!team.feeProof);
  const alone = team.memberCount === 1;
  return (
    <Stack as="section" aria-labelledby="my-team-heading" gap="4">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h3" size="sm" id="my-team-heading">
          Your team:{' '}
          <ChakraLink asChild color="purple.fg" variant="underline">
            <Link href={`/teams/${team.id}`}>{team.name}</Link>
          </ChakraLink>
        </Heading>
        <HStack gap="2">
          <Badge variant="outline">{sizeText(team)}</Badge>
          {team.registered ? (
            <Badge colorPalette="green" variant="subtle">
              Registered
            </Badge>
          ) : null}
        </HStack>
      </HStack>
      <TeamMembers team={team} actions={actions} />
      <Registration team={team} actions={actions} enableComments={enableComments} />
      {captain && team.canChange ? (
        <Stack gap="4">
          {team.memberCount + team.members.filter((m) => m.state === 'invited').length <
          team.teamMax ? (
            <InviteMemberForm teamId={team.id} />
          ) : (
            <Text color="fg.muted" fontSize="sm">
              The team is full: {team.teamMax} members, open invitations included.
            </Text>
          )}
          <RenameTeamForm teamId={team.id} name={team.name} />
        </Stack>
      ) : null}
      {team.canChange && (!captain || alone) ? (
        <Box>
          <Button variant="outline" colorPalette="red" onClick={() => setLeaving(true)}>
            {captain ? 'Dissolve team' : 'Leave team'}
          </Button>
        </Box>
      ) : captain && team.canChange ? (
        <Text color="fg.muted" fontSize="sm">
          To leave the team, hand the captaincy over to another member first.
        </Text>
      ) : null}
      <ConfirmDialog
        open={leaving}
        onClose={() => setLeaving(false)}
        title={captain ? 'Dissolve team' : 'Leave team'}
        confirmLabel={captain ? 'Dissolve team' : 'Leave team'}
        loading={actions.leave.isPending}
        onConfirm={() =>
          actions.leave.mutate({ teamId: team.id }, { onSettled: () => setLeaving(false) })
        }
      >
        <Text>
          {captain
            ? 'You are its only member: the team and its registration are removed.'
            : `You leave ${team.name}. A registered team that falls below ${team.teamMin} members is no longer registered.`}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
