// The caller's open invitations to teams of a contest (the 'team_invite' notification leads
// here): accept one, or decline it.
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { TTeamInvite } from '../../../shared/schemas/teams';
import { useTeamActions } from './teamActions';

export function TeamInvitations({
  invites,
  headingLevel = 'h3',
}: {
  invites: TTeamInvite[];
  /** h3 inside the contest page's Teams panel; h2 on a team's own page. */
  headingLevel?: 'h2' | 'h3';
}) {
  const actions = useTeamActions();
  if (!invites.length) return null;
  return (
    <Stack as="section" aria-labelledby="team-invitations-heading" gap="2">
      <Text as={headingLevel} id="team-invitations-heading" fontWeight="semibold">
        Your invitations
      </Text>
      {invites.map((invite) => (
        <Alert.Root key={invite.teamId} status="info" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{invite.teamName}</Alert.Title>
            <Alert.Description>
              {invite.invitedBy ? `${invite.invitedBy} invited you` : 'You are invited'} to join
              this team ({invite.memberCount} member{invite.memberCount === 1 ? '' : 's'}).
            </Alert.Description>
          </Alert.Content>
          <HStack gap="2" flexShrink={0}>
            <Button
              size="sm"
              colorPalette="purple"
              aria-label={`Accept the invitation of ${invite.teamName}`}
              loading={
                actions.accept.isPending && actions.accept.variables?.teamId === invite.teamId
              }
              onClick={() => actions.accept.mutate({ teamId: invite.teamId })}
            >
              Accept
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Decline the invitation of ${invite.teamName}`}
              loading={
                actions.decline.isPending && actions.decline.variables?.teamId === invite.teamId
              }
              onClick={() => actions.decline.mutate({ teamId: invite.teamId })}
            >
              Decline
            </Button>
          </HStack>
        </Alert.Root>
      ))}
    </Stack>
  );
}
