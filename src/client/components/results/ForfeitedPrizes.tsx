// The organiser's forfeited prizes on a contest's Results (issue 30): each prize a winner did
// not claim (or an admin forfeited), with the decision taken, or the two choices: pass it to the
// next place (the best placed entrants without a prize share it) or keep it. Each is asked
// first; the server makes the new payout lines and says why when there is nobody to pass it to.
import { Badge, Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FORFEIT_DECISION_LABELS, type ForfeitDecision } from '../../../shared/payouts';
import { formatPrize } from '../../../shared/prizes';
import type { TResults } from '../../../shared/schemas/results';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../common/ConfirmDialog';

const toasts = keyedToasts('forfeits');

type Forfeit = TResults['forfeits'][number];

const prizeOf = (f: Forfeit) => `${f.placeText} place, ${formatPrize(f.amount, f.currency)}`;

const QUESTIONS: Record<ForfeitDecision, { title: string; label: string; text: string }> = {
  passed: {
    title: 'Pass the prize to the next place?',
    label: 'Pass to the next place',
    text: 'The best placed entrants without a prize share it; they are told and asked for a payout method if they have none.',
  },
  kept: {
    title: 'Keep the prize?',
    label: 'Keep the prize',
    text: 'Nobody is paid this prize. This cannot be changed later.',
  },
};

export function ForfeitedPrizes({ results }: { results: TResults }) {
  const [asking, setAsking] = useState<{ forfeit: Forfeit; decision: ForfeitDecision } | null>(
    null,
  );
  const decide = trpc.payouts.decideForfeit.useMutation(
    toastOutcome(toasts, {
      success: (answer) =>
        answer.passedTo.length
          ? [
              'Prize passed on',
              `To ${answer.passedTo.map((p) => `${p.username} (${p.placeText})`).join(', ')}.`,
            ]
          : ['Prize kept', 'It will not be paid.'],
      failure: 'The decision could not be saved',
      then: () => setAsking(null),
    }),
  );
  if (!results.canManage || results.forfeits.length === 0) return null;
  const question = asking ? QUESTIONS[asking.decision] : null;
  return (
    <Stack gap="2" role="region" aria-label="Forfeited prizes">
      <Text fontWeight="medium">Forfeited prizes</Text>
      <List.Root ps="0" gap="2" listStyleType="none">
        {results.forfeits.map((f) => (
          <List.Item key={f.payoutId}>
            <HStack gap="3" wrap="wrap">
              <Text>
                {f.username}: {prizeOf(f)}
              </Text>
              {f.decision ? (
                <Badge variant="subtle">{FORFEIT_DECISION_LABELS[f.decision]}</Badge>
              ) : (
                <>
                  <Button
                    size="xs"
                    colorPalette="purple"
                    aria-label={`Pass ${f.username}'s prize to the next place`}
                    onClick={() => setAsking({ forfeit: f, decision: 'passed' })}
                  >
                    Pass to the next place
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={`Keep ${f.username}'s prize`}
                    onClick={() => setAsking({ forfeit: f, decision: 'kept' })}
                  >
                    Keep
                  </Button>
                </>
              )}
            </HStack>
          </List.Item>
        ))}
      </List.Root>
      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={question?.title ?? ''}
        confirmLabel={question?.label ?? ''}
        colorPalette="purple"
        loading={decide.isPending}
        onConfirm={() =>
          asking && decide.mutate({ id: asking.forfeit.payoutId, decision: asking.decision })
        }
      >
        {asking && question ? (
          <Text>
            {asking.forfeit.username}&apos;s prize ({prizeOf(asking.forfeit)}). {question.text}
          </Text>
        ) : null}
      </ConfirmDialog>
    </Stack>
  );
}
