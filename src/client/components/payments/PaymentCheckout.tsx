// /payment?contest= and ?tier=&period= (SPEC 2.12, PRODUCT.md 'Money', issue 33's plans): the
// real amount (a plan's: its tier and period named), a tab per configured network, the amber
// instructions, 'Submit Payment Proof' (sent with the plan's period) and the member's proofs.
import {
  Alert,
  Button,
  Card,
  Center,
  Link as ChakraLink,
  Flex,
  Heading,
  List,
  Spinner,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PlanChangeNote } from './PlanChangeNote';
import { TIER_LABELS } from '../../../shared/constants';
import type { PaidTier } from '../../../shared/payments';
import type { TUser } from '../../../shared/schemas/auth';
import type { TPaymentOptions } from '../../../shared/schemas/payments';
import type { PlanPeriod } from '../../../shared/subscriptions';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../layout/PageHeader';
import { NetworkPanel } from './NetworkPanel';
import { PaymentProblem, problemOf } from './PaymentProblem';
import { PaymentRefusal } from './PaymentRefusal';
import { PaymentsNotSetUp } from './PaymentsNotSetUp';
import { ProofDialog } from './ProofDialog';
import { ProofStateAlert } from './ProofStateAlert';
import { rejectedFeeTopic } from './rejectedFeeTopic';
import { DiscussLink } from '../discussion/DiscussLink';
import { planLabel } from './planLabels';
import { usdText } from './proofLabels';
import { ProofsTable } from './ProofsTable';
import { useLivePayments } from './useLivePayments';
import { useTierFollower } from './useTierFollower';

type Target = { contestId: number } | { tier: PaidTier; periodDays: PlanPeriod };
type Network = TPaymentOptions['networks'][number];

function Instructions({ network, amountUsd }: { network: Network; amountUsd: string }) {
  return (
    <Alert.Root status="warning" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Payment Instructions</Alert.Title>
        <Alert.Description>
          <List.Root ps="4" mt="2" gap="1">
            <List.Item>
              Send the exact amount: {network.amountCoin} {network.network} ({usdText(amountUsd)}{' '}
              USD).
            </List.Item>
            <List.Item>
              Use the correct network: {network.name} ({network.network}) only. Coins sent on
              another network are lost.
            </List.Item>
            <List.Item>Confirmation may take 10-30 minutes.</List.Item>
            <List.Item>
              After sending, submit your transaction details with ‘Submit Payment Proof’.
            </List.Item>
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function heading(options: TPaymentOptions): string {
  if (options.contest) return `Payment for ${options.contest.title}`;
  return `Payment for the ${TIER_LABELS[options.tier ?? 'standard']} tier upgrade`;
}

function Checkout({ options, target }: { options: TPaymentOptions; target: Target }) {
  const [selected, setSelected] = useState(options.networks[0]?.network);
  const [proofOpen, setProofOpen] = useState(false);
  const network = options.networks.find((n) => n.network === selected) ?? options.networks[0];
  const contestHref = options.contest ? `/contests/${options.contest.slug}` : null;
  const pending = options.refusal?.reason === 'proof_pending';
  // The newest proof for this contest or these upgrades, while it awaits review or was rejected
  // (a verified one is told by the refusal: joined, or already verified).
  const latest = options.proofs[0];
  const proofState = latest && latest.status !== 'verified' ? latest : null;
  const subtitle = options.contest
    ? `Entry fee: ${usdText(options.amountUsd)} USD`
    : `Plan: ${planLabel(options.tier ?? 'standard', options.periodDays ?? 30)}, ${usdText(options.amountUsd)} USD (your tier now: ${TIER_LABELS[options.currentTier]})`;
  return (
    <>
      <PageHeader
        title={heading(options)}
        documentTitle="Payment"
        subtitle={subtitle}
        actions={
          <Button asChild variant="outline">
            {contestHref ? (
              <Link href={contestHref}>
                <ArrowLeft aria-hidden /> Back to Contest
              </Link>
            ) : (
              <Link href="/">
                <ArrowLeft aria-hidden /> Back to Dashboard
              </Link>
            )}
          </Button>
        }
      />
      <Stack gap="6">
        {proofState ? (
          <ProofStateAlert proof={proofState}>
            {proofState.status === 'rejected' && options.contest ? (
              <DiscussLink
                contestId={options.contest.id}
                enableComments={options.contest.enableComments}
                {...rejectedFeeTopic(proofState.reason)}
              />
            ) : null}
          </ProofStateAlert>
        ) : null}
        {/* A pending proof is what the alert above says: no second box saying it again. */}
        {options.refusal && !(pending && proofState) ? (
          <PaymentRefusal refusal={options.refusal} contestHref={contestHref} />
        ) : null}
        {!network ? (
          <PaymentsNotSetUp />
        ) : (
          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                Amount due: {usdText(options.amountUsd)} USD
              </Heading>
              <PlanChangeNote
                change={options.change}
                creditUsd={options.creditUsd}
                startsAt={options.startsAt}
                currentTier={options.currentTier}
              />
              <Text color="fg.muted" fontSize="sm">
                Choose the network you pay on.
              </Text>
            </Card.Header>
            <Card.Body gap="6">
              <Tabs.Root
                value={network.network}
                onValueChange={(e) => setSelected(e.value as Network['network'])}
                variant="line"
              >
                <Tabs.List flexWrap="wrap" mb="4">
                  {options.networks.map((n) => (
                    <Tabs.Trigger key={n.network} value={n.network} title={n.name}>
                      {n.network}
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
                {options.networks.map((n) => (
                  <Tabs.Content key={n.network} value={n.network}>
                    <NetworkPanel network={n} amountUsd={options.amountUsd} />
                  </Tabs.Content>
                ))}
              </Tabs.Root>
              <Instructions network={network} amountUsd={options.amountUsd} />
              <Flex gap="3" wrap="wrap">
                <Button
                  colorPalette="purple"
                  disabled={Boolean(options.refusal)}
                  onClick={() => setProofOpen(true)}
                >
                  {pending ? 'Payment Proof Submitted' : 'Submit Payment Proof'}
                </Button>
              </Flex>
            </Card.Body>
          </Card.Root>
        )}
        {options.tier ? (
          <Text>
            Another tier or period?{' '}
            <ChakraLink asChild variant="underline" color="fg">
              <Link href="/payment">Compare plans</Link>
            </ChakraLink>
          </Text>
        ) : null}
        <Stack gap="3">
          <Heading as="h2" size="md">
            Your payment proofs
          </Heading>
          <ProofsTable
            caption={
              options.contest
                ? 'Your payment proofs for this contest'
                : 'Your tier upgrade payments'
            }
            proofs={options.proofs}
            showPurpose={!options.contest}
            emptyText="You have not submitted a payment proof for this yet."
          />
        </Stack>
      </Stack>
      {network ? (
        <ProofDialog
          open={proofOpen}
          onClose={() => setProofOpen(false)}
          target={target}
          network={network}
          amountUsd={options.amountUsd}
        />
      ) : null}
    </>
  );
}

export function PaymentCheckout({ target, user }: { target: Target; user: TUser }) {
  // A proof's state changes on a reviewer's screen: read it afresh whenever the page opens.
  const options = trpc.payments.options.useQuery(target, {
    staleTime: 0,
    refetchOnMount: 'always',
  });
  useTierFollower(user, options.data?.currentTier);
  // A reviewer's verdict shows here without a reload.
  useLivePayments();
  if (options.data) return <Checkout options={options.data} target={target} />;
  if (options.error) {
    return (
      <>
        <PageHeader title="Payment" />
        <PaymentProblem
          {...problemOf(options.error, 'contestId' in target ? target.contestId : undefined)}
        />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Payment" />
      <Center py="12">
        <Spinner size="lg" aria-label="Loading payment details" />
      </Center>
    </>
  );
}
