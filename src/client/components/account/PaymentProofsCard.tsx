// Account Settings > Payments: every payment proof the member sent, with its state and, when
// rejected, the reviewer's reason (PRODUCT.md 'Money').
import { trpc } from '../../lib/trpc';
import { ListFrame } from '../common/ListFrame';
import { ProofsTable } from '../payments/ProofsTable';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { usePage } from '../../lib/usePagedSearch';

const PAGE_SIZE = 10;

export function PaymentProofsCard() {
  const { page, pagingOf } = usePage(PAGE_SIZE);
  const proofs = trpc.payments.myProofs.useQuery(
    { page, pageSize: PAGE_SIZE },
    // Reviews happen elsewhere: read the states afresh whenever the tab opens.
    { staleTime: 0, refetchOnMount: 'always', placeholderData: (previous) => previous },
  );
  useLoadErrorToast(proofs.error, 'Error', 'Failed to load your payment proofs');
  return (
    <ListFrame gap="2" paging={{ ...pagingOf(proofs.data?.total), hideSinglePage: true }}>
      <ProofsTable
        caption="Your payment proofs"
        proofs={proofs.data?.items ?? []}
        loading={proofs.isLoading}
        emptyText="You have not submitted any payment proof yet."
      />
    </ListFrame>
  );
}
