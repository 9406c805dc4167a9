// The admin dashboard's 'Demo data' section (issue 18): what the first start seeded, and 'Remove
// demo data', which previews what goes and what stays (and why), asks for confirmation, then
// says what it removed and what it kept. Not shown once no seeded row is left.
import { Box, Button, Card, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import {
  DEMO_KINDS,
  countRows,
  type DemoKind,
  type TDemoKeptRow,
  type TDemoRow,
  type TRemoveDemoDataResponse,
} from '../../../../shared/schemas/demoData';
import { errorMessage } from '../../../lib/errors';
import { keyedToasts } from '../../../lib/toaster';
import { trpc } from '../../../lib/trpc';
import { AppDialog } from '../../common/AppDialog';

const toasts = keyedToasts('removeDemoData');

const KIND_HEADINGS: Record<DemoKind, string> = {
  contest: 'Contests',
  member: 'Members',
  education: 'Education items',
};

const KIND_WORDS: Record<DemoKind, string> = {
  contest: 'contest',
  member: 'member',
  education: 'education item',
};

function entriesText(n: number): string {
  return n === 1 ? '1 leaderboard entry' : `${n} leaderboard entries`;
}

/** The rows that go, by kind, with their names. */
function RemovedRows({ rows, entries }: { rows: TDemoRow[]; entries: number }) {
  return (
    <List.Root gap="1" ps="5">
      {DEMO_KINDS.map((kind) => {
        const names = rows.filter((r) => r.kind === kind).map((r) => r.name);
        return names.length ? (
          <List.Item key={kind}>
            <strong>
              {KIND_HEADINGS[kind]} ({names.length}):
            </strong>{' '}
            {names.join(', ')}
          </List.Item>
        ) : null;
      })}
      {entries ? <List.Item>{entriesText(entries)} of the removed contests</List.Item> : null}
    </List.Root>
  );
}

/** The rows that stay, each with why. */
function KeptRows({ rows }: { rows: TDemoKeptRow[] }) {
  return (
    <List.Root gap="1" ps="5">
      {rows.map((row) => (
        <List.Item key={`${row.kind}-${row.id}`}>
          <strong>{row.name}</strong> ({KIND_WORDS[row.kind]}): {row.reasons.join('; ')}
        </List.Item>
      ))}
    </List.Root>
  );
}

export function DemoDataSection() {
  const preview = trpc.adminDemo.preview.useQuery();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<TRemoveDemoDataResponse | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const remove = trpc.adminDemo.remove.useMutation({
    onSuccess: (result) => {
      setDone(result);
      toasts.success(
        'Demo data removed',
        result.removed.length ? `Removed ${countRows(result.removed)}.` : 'Nothing was removed.',
      );
    },
    onError: (error) => {
      toasts.error('Error', errorMessage(error, 'Failed to remove the demo data'));
      // The data changed since the preview: show the new one.
      void preview.refetch();
    },
  });

  const plan = preview.data;
  const close = () => {
    setOpen(false);
    setDone(null);
  };
  const start = () => {
    setDone(null);
    setOpen(true);
    // What the admin confirms is what is there now, not what the dashboard loaded.
    void preview.refetch();
  };

  const nothingSeeded = !plan || (plan.remove.length === 0 && plan.keep.length === 0);
  return (
    <>
      {nothingSeeded ? null : (
        <Stack as="section" gap="3" aria-labelledby="demo-data-heading">
          <Heading as="h2" size="md" id="demo-data-heading">
            Demo data
          </Heading>
          <Card.Root>
            <Card.Body gap="3">
              <Text>
                The first start added demo contests, members and education items for a first look.
                Removing them deletes only the ones nobody has joined, scored, paid for or edited.
              </Text>
              <Text id="demo-data-status" color="fg.muted">
                {plan.remove.length
                  ? `Can be removed: ${countRows(plan.remove)}.` +
                    (plan.keep.length
                      ? ` Staying because they are in use: ${countRows(plan.keep)}.`
                      : '')
                  : `Nothing to remove: the demo data left is in use (${countRows(plan.keep)}).`}
              </Text>
              <Button
                alignSelf="flex-start"
                colorPalette="red"
                variant="outline"
                disabled={plan.remove.length === 0}
                aria-describedby="demo-data-status"
                onClick={start}
              >
                Remove demo data
              </Button>
            </Card.Body>
          </Card.Root>
        </Stack>
      )}
      <AppDialog
        open={open}
        onClose={close}
        title={done ? 'Demo data removed' : 'Remove demo data'}
        role="alertdialog"
        size="lg"
        initialFocusEl={() => cancelRef.current}
        footer={
          done ? (
            <Button ref={cancelRef} onClick={close}>
              Close
            </Button>
          ) : (
            <Stack direction="row" gap="2">
              <Button ref={cancelRef} variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button
                colorPalette="red"
                loading={remove.isPending}
                disabled={preview.isFetching || !plan?.remove.length}
                onClick={() => plan && remove.mutate({ token: plan.token })}
              >
                Remove demo data
              </Button>
            </Stack>
          )
        }
      >
        {done ? (
          <Stack gap="4">
            <Box>
              <Text fontWeight="semibold" mb="1">
                Removed
              </Text>
              {done.removed.length ? (
                <RemovedRows rows={done.removed} entries={done.entries} />
              ) : (
                <Text>Nothing: every demo row was in use.</Text>
              )}
            </Box>
            {done.kept.length ? (
              <Box>
                <Text fontWeight="semibold" mb="1">
                  Kept, and why
                </Text>
                <KeptRows rows={done.kept} />
              </Box>
            ) : null}
          </Stack>
        ) : plan ? (
          <Stack gap="4" aria-busy={preview.isFetching}>
            <Box>
              <Text fontWeight="semibold" mb="1">
                {plan.remove.length
                  ? `These will be deleted: ${countRows(plan.remove)}`
                  : 'Nothing to remove'}
              </Text>
              {plan.remove.length ? (
                <RemovedRows rows={plan.remove} entries={plan.entries} />
              ) : null}
            </Box>
            {plan.keep.length ? (
              <Box>
                <Text fontWeight="semibold" mb="1">
                  These stay, because they are in use
                </Text>
                <KeptRows rows={plan.keep} />
              </Box>
            ) : null}
            <Text>Rows that were not seeded are never touched. This cannot be undone.</Text>
          </Stack>
        ) : null}
      </AppDialog>
    </>
  );
}
