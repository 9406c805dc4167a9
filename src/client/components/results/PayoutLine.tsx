// One of the winner's own payout lines (issue 30): '2nd place, 300 USDT: Sent, tx 0x12…', the
// explorer link, a prompt to add a payout method while the line waits for one, and 'Confirm
// received' once it was sent. The contest page and the 'My winnings' card both show it.
import { Button, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Check, ExternalLink } from 'lucide-react';
import { Link } from 'wouter';
import type { TPayout } from '../../../shared/schemas/payouts';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';
import { payoutSentence } from './resultsDisplay';

const toasts = keyedToasts('payoutReceived');

/** The account settings' tab with the payout method form. */
export const PAYOUT_METHOD_HREF = '/settings?tab=payment';

function ConfirmReceivedButton({ id }: { id: number }) {
  const confirm = trpc.payouts.confirmReceived.useMutation(
    toastOutcome(toasts, {
      success: ['Payout received', 'Thank you for confirming.'],
      failure: 'The payout could not be confirmed',
    }),
  );
  return (
    <Button
      size="xs"
      variant="outline"
      loading={confirm.isPending}
      onClick={() => confirm.mutate({ id })}
    >
      <Check size={14} aria-hidden /> Confirm received
    </Button>
  );
}

/** The line's contest, linked while it exists (a deleted contest keeps its title on the line). */
function ContestName({ line }: { line: TPayout }) {
  const ref = line.contestSlug ?? line.contestId;
  if (ref === null) return <Text fontWeight="medium">{line.contestTitle}</Text>;
  return (
    <ChakraLink asChild fontWeight="medium" color="fg" variant="underline" alignSelf="flex-start">
      <Link href={`/contests/${ref}`}>{line.contestTitle}</Link>
    </ChakraLink>
  );
}

export function PayoutLine({
  line,
  showContest = false,
}: {
  line: TPayout;
  showContest?: boolean;
}) {
  return (
    <Stack gap="1">
      {showContest ? <ContestName line={line} /> : null}
      <Text>{payoutSentence(line)}</Text>
      {line.method ? (
        <Text fontSize="sm" color="fg.muted">
          To {line.method}
        </Text>
      ) : null}
      {line.status === 'failed' && line.reason ? (
        <Text fontSize="sm" color="fg.error">
          {line.reason}
        </Text>
      ) : null}
      <HStack gap="3" wrap="wrap">
        {line.explorerUrl ? (
          <ChakraLink
            href={line.explorerUrl}
            target="_blank"
            rel="noopener noreferrer"
            color="purple.fg"
            variant="underline"
            fontSize="sm"
          >
            <ExternalLink size={14} aria-hidden /> View transaction
            <Text as="span" srOnly>
              {' '}
              (opens in a new tab)
            </Text>
          </ChakraLink>
        ) : null}
        {line.status === 'awaiting_method' ? (
          <ChakraLink asChild color="purple.fg" variant="underline" fontSize="sm">
            <Link href={PAYOUT_METHOD_HREF}>Add a payout method</Link>
          </ChakraLink>
        ) : null}
        {line.status === 'sent' ? <ConfirmReceivedButton id={line.id} /> : null}
      </HStack>
    </Stack>
  );
}
