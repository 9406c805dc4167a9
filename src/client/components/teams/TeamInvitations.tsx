// The caller's open invitations to teams of a contest (the 'team_invite' notification leads
// here): accept one, or decline it.
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { TTeamInvite } from '../../../shared/schemas/teams';
import { useTeamActions } from './teamActions';

/** The two answers to an invitation, the first the main one. */
const ANSWERS = [
  { key: 'accept', label: 'Accept', look: { colorPalette: 'purple' } },
  { key: 'decline', label: 'Decline', look: { variant: 'outline' } },
] as const;

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
            {ANSWERS.map(({ key, label, look }) => {
              const answer = actions[key];
              return (
                <Button
                  key={key}
                  size="sm"
                  {...look}
                  aria-label={`${label} the invitation of ${invite.teamName}`}
                  loading={answer.isPending && answer.variables?.teamId === invite.teamId}
                  onClick={() => answer.mutate({ teamId: invite.teamId })}
                >
                  {label}
                </Button>
              );
            })}
          </HStack>
        </Alert.Root>
      ))}
    </Stack>
  );
}
