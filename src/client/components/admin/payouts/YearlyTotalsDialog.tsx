// A member's payouts per year and currency (sent or received lines), for tax reporting: one click
// on their name in the Payouts table. From here the table can show their lines alone.
import { Button, Stack, Table, Text } from '@chakra-ui/react';
import { trpc } from '../../../lib/trpc';
import { useLoadErrorToast } from '../../../lib/useLoadErrorToast';
import { AppDialog } from '../../common/AppDialog';
import { totalsText } from './payoutLabels';

export interface YearlyMember {
  userId: number;
  name: string;
}

export function YearlyTotalsDialog({
  member,
  onClose,
  onShowLines,
}: {
  member: YearlyMember | null;
  onClose: () => void;
  /** Filters the table to this member's lines. */
  onShowLines: (userId: number) => void;
}) {
  const yearly = trpc.payouts.yearly.useQuery(
    { userId: member?.userId ?? 0 },
    { enabled: member !== null },
  );
  useLoadErrorToast(yearly.error, 'Error', 'Failed to load the yearly totals');
  const years = yearly.data?.years ?? [];
  return (
    <AppDialog
      open={member !== null}
      onClose={onClose}
      title={`Yearly totals for ${member?.name ?? ''}`}
      footer={
        member ? (
          <Button
            variant="outline"
            onClick={() => {
              onShowLines(member.userId);
              onClose();
            }}
          >
            Show only their payouts
          </Button>
        ) : null
      }
    >
      <Stack gap="3">
        <Text color="fg.muted" fontSize="sm">
          Prizes sent or received, per calendar year and currency.
        </Text>
        {yearly.isLoading ? (
          <Text>Loading yearly totals...</Text>
        ) : years.length === 0 ? (
          <Text>Nothing has been paid to this member yet.</Text>
        ) : (
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Year</Table.ColumnHeader>
                <Table.ColumnHeader>Paid</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {years.map((y) => (
                <Table.Row key={y.year}>
                  <Table.Cell>{y.year}</Table.Cell>
                  <Table.Cell>{totalsText(y.totals)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Stack>
    </AppDialog>
  );
}
