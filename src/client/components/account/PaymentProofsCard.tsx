// Account Settings > Payments: every payment proof the member sent, with its state and, when
// rejected, the reviewer's reason (PRODUCT.md 'Money').
import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { Pager } from '../common/Pager';
import { ProofsTable } from '../payments/ProofsTable';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';

const PAGE_SIZE = 10;

export function PaymentProofsCard() {
  const [page, setPage] = useState(1);
  const proofs = trpc.payments.myProofs.useQuery(
    { page, pageSize: PAGE_SIZE },
    // Reviews happen elsewhere: read the states afresh whenever the tab opens.
    { staleTime: 0, refetchOnMount: 'always', placeholderData: (previous) => previous },
  );
  useLoadErrorToast(proofs.error, 'Error', 'Failed to load your payment proofs');
  return (
    <Stack gap="2">
      <ProofsTable
        caption="Your payment proofs"
        proofs={proofs.data?.items ?? []}
        loading={proofs.isLoading}
        emptyText="You have not submitted any payment proof yet."
      />
      {(proofs.data?.total ?? 0) > PAGE_SIZE ? (
        <Pager page={page} pageSize={PAGE_SIZE} total={proofs.data?.total ?? 0} onPage={setPage} />
      ) : null}
    </Stack>
  );
}
