// The member's own prize in a contest's Results (issue 30): their payout lines of this contest
// and, once results are confirmed, the link to their certificate. Nothing when they won nothing.
import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Award } from 'lucide-react';
import { Link } from 'wouter';
import type { TContest } from '../../../shared/schemas/contests';
import { trpc } from '../../lib/trpc';
import { PayoutLine } from './PayoutLine';

export function MyPrize({ contest, userId }: { contest: TContest; userId: number }) {
  // Only the caller's lines: an admin would otherwise get every line of the contest.
  // Read again on every visit: an admin moves a line on while the member is elsewhere.
  const payouts = trpc.payouts.list.useQuery(
    { contestId: contest.id, userId, page: 1, pageSize: 100 },
    { refetchOnMount: 'always' },
  );
  const certificates = trpc.certificates.mine.useQuery();
  const lines = (payouts.data?.items ?? []).filter((line) => line.userId === userId);
  // A certificate names its contest by slug and title (the slug stays while the contest does).
  const certificate = certificates.data?.find(
    (c) => c.contestSlug === contest.slug && c.withdrawnAt === null,
  );
  if (lines.length === 0 && !certificate) return null;
  return (
    <Stack
      gap="3"
      role="region"
      aria-label="Your prize"
      p="3"
      borderWidth="1px"
      rounded="md"
      bg="bg.subtle"
    >
      <Text fontWeight="semibold">Your prize</Text>
      {lines.map((line) => (
        <PayoutLine key={line.id} line={line} />
      ))}
      {certificate ? (
        <ChakraLink asChild color="purple.fg" variant="underline" alignSelf="flex-start">
          <Link href={`/certificates/${certificate.code}`}>
            <Award size={16} aria-hidden /> View certificate
          </Link>
        </ChakraLink>
      ) : null}
    </Stack>
  );
}
