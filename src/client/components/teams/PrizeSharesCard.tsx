// The team page's 'Prize shares' (issue 30): how the team's prize is split among its members:
// equally, or by the shares the captain set before the start. The captain edits them here while
// the team may still change: one percentage per member, the running total, and a way back to an
// equal split. The shares' rule is shared/prizeShares.ts, the one the server applies.
import { Button, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { WHOLE_SHARE, shareBasisPoints, shareText } from '../../../shared/prizeShares';
import { ZPrizeSharesForm, type TTeam } from '../../../shared/schemas/teams';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { DataFact } from '../common/DataFact';
import { FormField } from '../common/FormField';
import { StackForm } from '../common/StackForm';
import { TitledCard } from '../common/TitledCard';

const toasts = keyedToasts('prize-shares');

interface Values {
  shares: { userId: number; percent: string }[];
}

/** An equal split in hundredths of a percent, the odd hundredths to the first members. */
function equalShares(count: number): string[] {
  const each = Math.floor(WHOLE_SHARE / count);
  const extra = WHOLE_SHARE - each * count;
  return Array.from({ length: count }, (_, i) => shareText(each + (i < extra ? 1 : 0)));
}

function TotalLine() {
  const { values, errors } = useFormikContext<Values>();
  const points = values.shares.reduce((sum, s) => sum + (shareBasisPoints(s.percent) ?? 0), 0);
  const listError = typeof errors.shares === 'string' ? errors.shares : null;
  return (
    <Stack gap="1">
      <Text aria-live="polite" fontWeight="medium">
        Total: {shareText(points)} %
      </Text>
      {listError ? (
        <Text role="alert" color="red.fg" fontSize="sm">
          {listError}
        </Text>
      ) : null}
    </Stack>
  );
}

function SharesForm({ team, members }: { team: TTeam; members: TTeam['members'] }) {
  const save = trpc.teams.setPrizeShares.useMutation({
    onError: (error) => toasts.error('Error', errorMessage(error, 'Failed to save the shares')),
  });
  const even = equalShares(members.length);
  const form = useZodForm<Values, TTeam>({
    initialValues: {
      shares: members.map((m, i) => ({ userId: m.userId, percent: m.prizeShare ?? even[i]! })),
    },
    schema: ZPrizeSharesForm,
    serverFields: { byMessage: {}, fields: ['shares'] },
    submit: (values) =>
      save.mutateAsync({
        teamId: team.id,
        shares: values.shares.map((s) => ({ userId: s.userId, percent: s.percent.trim() })),
      }),
    onSuccess: () => toasts.success('Prize shares saved'),
  });
  return (
    <StackForm form={form} gap="3">
      {({ isSubmitting }) => (
        <>
          {members.map((m, i) => (
            <FormField
              key={m.userId}
              name={`shares.${i}.percent`}
              label={`${m.username}'s share (%)`}
              inputMode="decimal"
              maxW="12rem"
              required
            />
          ))}
          <TotalLine />
          <HStack gap="3" wrap="wrap">
            <Button type="submit" colorPalette="purple" loading={isSubmitting}>
              Save shares
            </Button>
            {team.prizeSharesSet ? (
              <Button
                variant="outline"
                loading={save.isPending && !isSubmitting}
                onClick={() =>
                  save
                    .mutateAsync({ teamId: team.id, shares: [] })
                    .then(() => toasts.success('The prize is split equally again'))
                    .catch(() => undefined)
                }
              >
                Split equally
              </Button>
            ) : null}
          </HStack>
        </>
      )}
    </StackForm>
  );
}

export function PrizeSharesCard({ team }: { team: TTeam }) {
  const members = team.members.filter((m) => m.state === 'member');
  const editable = team.viewer.isCaptain && team.canChange && members.length > 0;
  return (
    <TitledCard title="Prize shares" headingId="team-shares-heading" as="section" tightHeader>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {team.prizeSharesSet
            ? 'The team’s prize is split by the shares the captain set.'
            : 'The team’s prize is split equally among its members.'}{' '}
          {editable
            ? 'Shares must total 100 %; they can be set until the contest starts, and a change of members resets them.'
            : ''}
        </Text>
        {team.prizeSharesSet && !editable ? (
          <DataList.Root orientation="horizontal" size="sm">
            {members.map((m) => (
              <DataFact key={m.userId} label={m.username}>
                {m.prizeShare ?? '0'} %
              </DataFact>
            ))}
          </DataList.Root>
        ) : null}
        {editable ? (
          <SharesForm
            // A new roster (or shares saved elsewhere) starts the form again from the team.
            key={members.map((m) => `${m.userId}:${m.prizeShare ?? ''}`).join(',')}
            team={team}
            members={members}
          />
        ) : null}
      </Stack>
    </TitledCard>
  );
}
