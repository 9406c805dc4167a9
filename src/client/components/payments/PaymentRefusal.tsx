// Why the payment page takes no proof right now (payments.options' `refusal`), in words, with the
// way forward.
import { Alert, Link as ChakraLink } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { TIER_LABELS } from '../../../shared/constants';
import type { TPaymentOptions } from '../../../shared/schemas/payments';
import { ResendVerificationButton } from '../account/ResendVerificationButton';

type Refusal = NonNullable<TPaymentOptions['refusal']>;

function ForwardLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <ChakraLink asChild variant="underline" color="fg" fontWeight="medium">
      <Link href={href}>{children}</Link>
    </ChakraLink>
  );
}

export function PaymentRefusal({
  refusal,
  contestHref,
}: {
  refusal: Refusal;
  /** The contest the fee is for; null for a tier upgrade. */
  contestHref: string | null;
}) {
  let status: 'info' | 'success' | 'warning' = 'info';
  let forward: ReactNode = null;
  switch (refusal.reason) {
    case 'already_joined':
      status = 'success';
      forward = contestHref ? (
        <ForwardLink href={contestHref}>Go to the contest</ForwardLink>
      ) : null;
      break;
    case 'already_verified':
      status = 'success';
      forward = contestHref ? (
        <>
          Nothing more to pay:{' '}
          <ForwardLink href={contestHref}>register on the contest page</ForwardLink>.
        </>
      ) : null;
      break;
    case 'proof_pending':
      forward =
        'A moderator checks it soon; its state shows below, and in Account Settings under Payments.';
      break;
    case 'closed':
    case 'full':
    case 'not_open':
      status = 'warning';
      forward = <ForwardLink href="/contests">Browse Available Contests</ForwardLink>;
      break;
    case 'tier':
      // The join rule's own refusal: the fee cannot buy a place the tier does not open.
      status = 'warning';
      forward = refusal.requiredTier ? (
        <ForwardLink href={`/payment?tier=${refusal.requiredTier}`}>
          Upgrade to {TIER_LABELS[refusal.requiredTier]}
        </ForwardLink>
      ) : null;
      break;
    case 'email_unverified':
      status = 'warning';
      forward = <ResendVerificationButton size="sm" mt="2" />;
      break;
    default:
      status = 'warning';
  }
  return (
    <Alert.Root status={status}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{refusal.message}</Alert.Title>
        {forward ? <Alert.Description>{forward}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}
