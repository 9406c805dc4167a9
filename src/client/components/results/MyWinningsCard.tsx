// 'My winnings' (issue 30), on the dashboard and Analytics: the member's payout lines (contest,
// place, amount, status, the transaction link) and their certificates. Hidden when they have
// neither, so a member who never won sees nothing new.
import { Link as ChakraLink, List, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { TCertificate } from '../../../shared/schemas/certificates';
import { useCurrentUser } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { TitledCard } from '../common/TitledCard';
import { PayoutLine } from './PayoutLine';
import { placeInWords } from './resultsDisplay';

function CertificateLink({ certificate }: { certificate: TCertificate }) {
  return (
    <ChakraLink asChild color="purple.fg" variant="underline">
      <Link href={`/certificates/${certificate.code}`}>
        {placeInWords(certificate.place, certificate.placeText)}, {certificate.contestTitle}
      </Link>
    </ChakraLink>
  );
}

export function MyWinningsCard() {
  const { user } = useCurrentUser();
  // Only the caller's lines (an admin's list would hold everyone's); read again on every visit:
  // a line moves on while the member is elsewhere.
  const payouts = trpc.payouts.list.useQuery(
    { userId: user?.id, page: 1, pageSize: 100 },
    { enabled: Boolean(user), refetchOnMount: 'always' },
  );
  const certificates = trpc.certificates.mine.useQuery(undefined, { refetchOnMount: 'always' });
  const lines = (payouts.data?.items ?? []).filter((line) => line.userId === user?.id);
  const standing = (certificates.data ?? []).filter((c) => c.withdrawnAt === null);
  if (lines.length === 0 && standing.length === 0) return null;
  return (
    <TitledCard title="My winnings" headingId="my-winnings-heading" as="section" tightHeader>
      <Stack gap="4">
        {lines.length ? (
          <List.Root as="ul" listStyle="none" gap="4" aria-label="Your prizes">
            {lines.map((line) => (
              <List.Item key={line.id}>
                <PayoutLine line={line} showContest />
              </List.Item>
            ))}
          </List.Root>
        ) : null}
        {standing.length ? (
          <Stack gap="1">
            <Text fontWeight="semibold">Certificates</Text>
            <List.Root as="ul" listStyle="none" gap="1" aria-label="Your certificates">
              {standing.map((c) => (
                <List.Item key={c.code}>
                  <CertificateLink certificate={c} />
                </List.Item>
              ))}
            </List.Root>
          </Stack>
        ) : null}
      </Stack>
    </TitledCard>
  );
}
