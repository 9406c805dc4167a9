// A team's members (the captain first) and open invitations, as a list a screen reader follows.
// For the team's captain before the start: hand over the captaincy to a member, remove a member
// or withdraw an invitation, each confirmed first; every button names whom it is about.
import { Badge, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { TTeam, TTeamMember } from '../../../shared/schemas/teams';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { UserAvatar } from '../common/UserAvatar';
import type { TeamActions } from './teamActions';

type Pending = { kind: 'remove' | 'captain'; member: TTeamMember } | null;

export function TeamMembers({ team, actions }: { team: TTeam; actions?: TeamActions }) {
  const [pending, setPending] = useState<Pending>(null);
  const manage = !!actions && team.viewer.isCaptain && team.canChange;
  const busy = actions ? actions.remove.isPending || actions.transfer.isPending : false;
  const confirm = () => {
    if (!pending || !actions) return;
    const input = { teamId: team.id, userId: pending.member.userId };
    const done = { onSettled: () => setPending(null) };
    if (pending.kind === 'remove') actions.remove.mutate(input, done);
    else actions.transfer.mutate(input, done);
  };
  return (
    <>
      <Stack
        as="ul"
        aria-label={`Members of ${team.name}`}
        gap="2"
        listStyleType="none"
        m="0"
        p="0"
      >
        {team.members.map((m) => (
          <Flex
            as="li"
            key={m.userId}
            align="center"
            wrap="wrap"
            gap="3"
            px="3"
            py="2"
            borderWidth="1px"
            rounded="md"
          >
            <UserAvatar name={m.username} src={m.profileImage} size="sm" />
            <HStack flex="1" minW="0" gap="2" wrap="wrap">
              <Text fontWeight="medium" overflowWrap="anywhere">
                {m.username}
              </Text>
              {m.isCaptain ? (
                <Badge colorPalette="purple" variant="solid">
                  Captain
                </Badge>
              ) : null}
              {m.state === 'invited' ? (
                <Badge variant="outline" colorPalette="orange">
                  Invited
                </Badge>
              ) : null}
            </HStack>
            {manage && !m.isCaptain ? (
              // On a phone the buttons take a line of their own, leaving the name whole.
              <HStack gap="2" w={{ base: 'full', sm: 'auto' }} justify="flex-end">
                {m.state === 'member' ? (
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={`Make captain: ${m.username}`}
                    onClick={() => setPending({ kind: 'captain', member: m })}
                  >
                    Make captain
                  </Button>
                ) : null}
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={
                    m.state === 'member'
                      ? `Remove ${m.username}`
                      : `Withdraw the invitation of ${m.username}`
                  }
                  onClick={() => setPending({ kind: 'remove', member: m })}
                >
                  {m.state === 'member' ? 'Remove' : 'Withdraw'}
                </Button>
              </HStack>
            ) : null}
          </Flex>
        ))}
      </Stack>
      <ConfirmDialog
        open={!!pending}
        onClose={() => setPending(null)}
        title={pending?.kind === 'captain' ? 'Hand over the captaincy' : 'Remove from the team'}
        confirmLabel={pending?.kind === 'captain' ? 'Make captain' : 'Remove'}
        colorPalette={pending?.kind === 'captain' ? 'purple' : 'red'}
        loading={busy}
        onConfirm={confirm}
      >
        <Text>
          {pending?.kind === 'captain'
            ? `${pending.member.username} becomes the team's captain: they invite, register and manage the team from now on.`
            : pending?.member.state === 'invited'
              ? `The invitation of ${pending.member.username} is withdrawn.`
              : `${pending?.member.username ?? ''} leaves the team. A registered team that falls below ${team.teamMin} members is no longer registered.`}
        </Text>
      </ConfirmDialog>
    </>
  );
}
