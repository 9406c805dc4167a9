// /payment (SPEC 2.12, PRODUCT.md 'Money'): ?contest={id} pays an entry fee, ?tier=&period= a
// plan (issue 33), neither shows the plan chooser ('Upgrade Now' leads there).
import { useSearchParams } from 'wouter';
import type { TUser } from '../../shared/schemas/auth';
import { PageHeader } from '../components/layout/PageHeader';
import { PaymentCheckout } from '../components/payments/PaymentCheckout';
import { PaymentProblem } from '../components/payments/PaymentProblem';
import { parsePaymentQuery } from '../components/payments/paymentQuery';
import { TierChoice } from '../components/payments/TierChoice';

export function PaymentPage({ user }: { user: TUser }) {
  const [params] = useSearchParams();
  const query = parsePaymentQuery(params);
  switch (query.kind) {
    case 'choose':
      return <TierChoice user={user} />;
    case 'invalid':
      return (
        <>
          <PageHeader title="Payment" />
          <PaymentProblem
            title="This payment link is not valid"
            message={query.message}
            links={[
              { href: '/payment', label: 'Compare plans' },
              { href: '/contests', label: 'Browse Available Contests' },
            ]}
          />
        </>
      );
    case 'contest':
      // Keyed, so another contest or tier starts with its own first network tab.
      return (
        <PaymentCheckout
          key={`c${query.contestId}`}
          target={{ contestId: query.contestId }}
          user={user}
        />
      );
    case 'tier':
      return (
        <PaymentCheckout
          key={`t${query.tier}-${query.period}`}
          target={{ tier: query.tier, periodDays: query.period }}
          user={user}
        />
      );
  }
}
