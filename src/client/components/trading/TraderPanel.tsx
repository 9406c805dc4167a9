// A trader's part of a trading contest's page (issue 34): their ownership code, the upload, what
// their latest statement says and every upload. Shown to whoever the server gives a code to
// (the contest's participants; in team mode every member of a registered team), so the page
// asks nothing the server does not decide.
import { Stack, Text } from '@chakra-ui/react';
import { trpc } from '../../lib/trpc';
import { TitledCard } from '../common/TitledCard';
import { MyStatements } from './MyStatements';
import { OwnershipCode } from './OwnershipCode';
import { StatementSummary } from './StatementSummary';
import { StatementUploadForm } from './StatementUploadForm';

const MY_PAGE_SIZE = 50;

export function TraderPanel({ contestId }: { contestId: number }) {
  const code = trpc.trading.ownershipCode.useQuery({ contestId });
  const mine = trpc.trading.statements.useQuery(
    { contestId, mine: true, pageSize: MY_PAGE_SIZE },
    { enabled: code.isSuccess },
  );
  // Not a trader of this contest (or not one yet): nothing to upload.
  if (!code.data) return null;
  const statements = mine.data?.items ?? [];
  const latest = statements.find((s) => s.latest);
  return (
    <TitledCard
      title="Your statement"
      headingId="trading-statement-heading"
      as="section"
      bodyGap="5"
    >
      <OwnershipCode code={code.data.code} />
      <StatementUploadForm contestId={contestId} />
      {latest ? (
        <Stack gap="2" as="section" aria-labelledby="trading-latest-heading">
          <Text as="h3" id="trading-latest-heading" fontWeight="semibold">
            Your latest statement (the one that counts)
          </Text>
          <StatementSummary statement={latest} />
        </Stack>
      ) : null}
      <Stack gap="2">
        <Text as="h3" fontWeight="semibold">
          My statements
        </Text>
        <MyStatements statements={statements} />
      </Stack>
    </TitledCard>
  );
}
