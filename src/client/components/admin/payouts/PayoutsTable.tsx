// The admins' payout lines on the shared ResponsiveTable: contest, member, place, amount, method
// (whole), status, reference (the hash linked to its explorer), who approved and sent it, and when
// it was made; each row's buttons are the steps the server allows from its status (mayTakeStep).
// A contest's or a member's filter button narrows the table to theirs; a member's name opens
// their yearly totals.
import {
  Badge,
  Button,
  HStack,
  IconButton,
  Link as ChakraLink,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { Filter } from 'lucide-react';
import { Link } from 'wouter';
import { formatDate } from '../../../../shared/format';
import {
  FORFEIT_DECISION_LABELS,
  mayTakeStep,
  type PayoutAdminStep,
} from '../../../../shared/payouts';
import { formatPrize } from '../../../../shared/prizes';
import type { TPayout } from '../../../../shared/schemas/payouts';
import { ResponsiveTable, type ResponsiveColumn } from '../../common/ResponsiveTable';
import { TruncatedText } from '../../common/TruncatedText';
import { TxHashLink } from '../../payments/TxHashLink';
import { muted, WrappingText } from '../cellText';
import { PAYOUT_STATUS_COLORS, payoutMember, statusLabel } from './payoutLabels';

const STEP_BUTTONS: { step: PayoutAdminStep; label: string; colorPalette: 'purple' | 'red' }[] = [
  { step: 'approved', label: 'Approve', colorPalette: 'purple' },
  { step: 'sent', label: 'Mark sent', colorPalette: 'purple' },
  { step: 'failed', label: 'Mark failed', colorPalette: 'red' },
  { step: 'forfeited', label: 'Forfeit', colorPalette: 'red' },
];

interface Props {
  lines: readonly TPayout[];
  loading: boolean;
  emptyText: string;
  onStep: (step: PayoutAdminStep, line: TPayout) => void;
  onFilterContest: (line: TPayout) => void;
  onFilterMember: (line: TPayout) => void;
  onYearly: (line: TPayout) => void;
}

/** A small button that narrows the table to one contest's or one member's lines. */
function FilterButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton size="2xs" variant="ghost" aria-label={label} title={label} onClick={onClick}>
      <Filter aria-hidden />
    </IconButton>
  );
}

function Reference({ line }: { line: TPayout }) {
  if (!line.reference) return muted('—');
  if (line.network) {
    return (
      <TxHashLink
        proof={{ network: line.network, txHash: line.reference, explorerUrl: line.explorerUrl }}
        head={8}
        tail={6}
      />
    );
  }
  return <TruncatedText value={line.reference} head={10} tail={6} />;
}

function Status({ line }: { line: TPayout }) {
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge colorPalette={PAYOUT_STATUS_COLORS[line.status]} variant="subtle">
        {statusLabel(line.status)}
      </Badge>
      {line.reason ? (
        <Text
          as="span"
          fontSize="xs"
          color="fg.muted"
          maxW="2xs"
          whiteSpace="normal"
          overflowWrap="anywhere"
        >
          {line.reason}
        </Text>
      ) : null}
      {line.forfeitDecision ? (
        <Text as="span" fontSize="xs" color="fg.muted">
          {FORFEIT_DECISION_LABELS[line.forfeitDecision]}
        </Text>
      ) : null}
      {line.passedFromId !== null ? (
        <Text as="span" fontSize="xs" color="fg.muted">
          Passed on from line #{line.passedFromId}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Who approved and who sent the line, each with the day (the CSV has the times). */
function Staff({ line }: { line: TPayout }) {
  const steps = [
    { word: 'Approved', by: line.approvedBy, at: line.approvedAt },
    { word: 'Sent', by: line.sentBy, at: line.sentAt },
  ].filter((s) => s.by);
  if (steps.length === 0) return muted('—');
  return (
    <Stack gap="1" fontSize="sm" whiteSpace="normal" minW="8rem" maxW="11rem">
      {steps.map(({ word, by, at }) => (
        <Stack key={word} gap="0">
          <Text as="span">
            {word} by {by}
          </Text>
          {at ? (
            <Text as="span" fontSize="xs" color="fg.muted">
              {formatDate(at)}
            </Text>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}

export function PayoutsTable({
  lines,
  loading,
  emptyText,
  onStep,
  onFilterContest,
  onFilterMember,
  onYearly,
}: Props) {
  const columns: ResponsiveColumn<TPayout>[] = [
    {
      key: 'contest',
      header: 'Contest',
      cell: (p) => (
        <HStack gap="1">
          {p.contestSlug ? (
            <ChakraLink asChild color="purple.fg" variant="underline" whiteSpace="normal">
              <Link href={`/contests/${p.contestSlug}`}>{p.contestTitle}</Link>
            </ChakraLink>
          ) : (
            <Text as="span" whiteSpace="normal">
              {p.contestTitle}
            </Text>
          )}
          {p.contestId !== null ? (
            <FilterButton
              label={`Show only payouts of ${p.contestTitle}`}
              onClick={() => onFilterContest(p)}
            />
          ) : null}
        </HStack>
      ),
    },
    {
      key: 'member',
      header: 'Member',
      cell: (p) =>
        p.userId === null ? (
          muted(payoutMember(p))
        ) : (
          <HStack gap="1">
            <Button
              variant="plain"
              size="sm"
              h="auto"
              p="0"
              color="purple.fg"
              textDecoration="underline"
              onClick={() => onYearly(p)}
            >
              {payoutMember(p)}
              <VisuallyHidden> (yearly totals)</VisuallyHidden>
            </Button>
            <FilterButton
              label={`Show only payouts of ${p.username}`}
              onClick={() => onFilterMember(p)}
            />
          </HStack>
        ),
    },
    { key: 'place', header: 'Place', cell: (p) => p.placeText },
    {
      key: 'amount',
      header: 'Amount',
      cell: (p) => (
        <Text as="span" whiteSpace="nowrap" fontWeight="medium">
          {formatPrize(p.amount, p.currency)}
        </Text>
      ),
    },
    {
      key: 'method',
      header: 'Method',
      cell: (p) =>
        p.method ? (
          // Table cells do not wrap: the address does, so the whole method stays in view.
          <WrappingText whiteSpace="normal" minW="10rem" maxW="13rem">
            {p.method}
          </WrappingText>
        ) : (
          muted('None yet')
        ),
    },
    { key: 'status', header: 'Status', cell: (p) => <Status line={p} /> },
    { key: 'reference', header: 'Reference', cell: (p) => <Reference line={p} /> },
    { key: 'staff', header: 'Approved / sent by', cell: (p) => <Staff line={p} /> },
    { key: 'created', header: 'Created', cell: (p) => formatDate(p.createdAt) },
  ];
  return (
    <ResponsiveTable
      caption="Payouts"
      columns={columns}
      rows={lines}
      rowKey={(p) => p.id}
      cardTitle={(p) => `${payoutMember(p)}: ${formatPrize(p.amount, p.currency)}`}
      loading={loading}
      loadingText="Loading payouts..."
      emptyText={emptyText}
      rowActions={(p) => {
        const steps = STEP_BUTTONS.filter(({ step }) => mayTakeStep(step, p.status));
        if (steps.length === 0) return muted('—');
        return (
          <Stack gap="1.5" align={{ base: 'flex-end', md: 'stretch' }}>
            {steps.map(({ step, label, colorPalette }) => (
              <Button
                key={step}
                size="xs"
                variant="outline"
                colorPalette={colorPalette}
                onClick={() => onStep(step, p)}
              >
                {label}
                <VisuallyHidden>
                  {' '}
                  payout #{p.id} of {p.username}, {p.placeText} in {p.contestTitle}
                </VisuallyHidden>
              </Button>
            ))}
          </Stack>
        );
      }}
    />
  );
}
