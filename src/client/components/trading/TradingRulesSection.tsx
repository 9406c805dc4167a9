// The contest page's 'Trading rules' section (issue 34): a trading contest's rules, each in words
// (trading.rules' texts), the CSV template for traders, and for the organiser the rules dialog.
// Read only for an Open contest (no other can be a trading one); a contest scored by hand shows
// nothing, unless the organiser was sent here to set its rules (RULES_PARAM: a wizard whose
// rules call failed).
import { Button, HStack, List, Stack } from '@chakra-ui/react';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { isOrganiser } from '../../../shared/contests';
import type { TContest } from '../../../shared/schemas/contests';
import type { TUser } from '../../../shared/schemas/auth';
import { trpc } from '../../lib/trpc';
import { TitledCard } from '../common/TitledCard';
import { CsvTemplateLink } from './CsvTemplateLink';
import { RULES_PARAM } from './rulesLink';
import { TradingRulesDialog } from './TradingRulesDialog';

export function TradingRulesSection({ contest, user }: { contest: TContest; user: TUser }) {
  const open = contest.format === 'open';
  const query = trpc.trading.rules.useQuery({ contestId: contest.id }, { enabled: open });
  const organiser = isOrganiser(contest, user);
  const sentHere = new URLSearchParams(useSearch()).has(RULES_PARAM);
  const [editing, setEditing] = useState(organiser && sentHere);
  const view = query.data;
  if (!open || !view) return null;
  const dialog = (
    <TradingRulesDialog view={editing ? view : null} onClose={() => setEditing(false)} />
  );
  if (view.scoring !== 'trading') return organiser ? dialog : null;
  return (
    <TitledCard title="Trading rules" headingId="trading-rules-heading" as="section">
      <Stack gap="4">
        <List.Root gap="1" ps="5" data-testid="trading-rule-texts">
          {view.texts.map((text) => (
            <List.Item key={text}>{text}</List.Item>
          ))}
        </List.Root>
        <CsvTemplateLink />
        {organiser ? (
          <HStack>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil size={16} aria-hidden /> Edit rules
            </Button>
          </HStack>
        ) : null}
      </Stack>
      {dialog}
    </TitledCard>
  );
}
