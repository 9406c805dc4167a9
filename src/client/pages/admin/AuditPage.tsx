// The audit log of admin actions (PRODUCT.md 'Beyond that').
import {
  Badge,
  Box,
  Field,
  Input,
  type InputProps,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import {
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  summarizeAuditChange,
} from '../../../shared/auditActions';
import type { TAuditEntry } from '../../../shared/schemas/audit';
import { CardTitleDate, DateTime } from '../../components/common/DateTime';
import { DisclosureCell, ScrollingCode } from '../../components/common/DisclosureCell';
import { ListFrame } from '../../components/common/ListFrame';
import { ResponsiveTable, type ResponsiveColumn } from '../../components/common/ResponsiveTable';
import { PageHeader } from '../../components/layout/PageHeader';
import { trpc } from '../../lib/trpc';
import { useDebounced } from '../../lib/useDebounced';
import { usePagedSearch } from '../../lib/usePagedSearch';
import { SelectFilter } from '../../components/common/SelectFilter';

const ACTIONS: { value: string; label: string }[] = [
  { value: '', label: 'All actions' },
  ...Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label })),
];

const PAGE_SIZE = 50;

function targetLabel(entry: TAuditEntry): string {
  if (entry.targetType === 'user' && entry.targetId) {
    return entry.targetName
      ? `${entry.targetName} (#${entry.targetId})`
      : `deleted user #${entry.targetId}`;
  }
  if (entry.targetType === 'contest' && entry.targetName) {
    return `${entry.targetName} (contest #${entry.targetId})`;
  }
  return `${entry.targetType}${entry.targetId ? ` #${entry.targetId}` : ''}`;
}

function Json({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <ScrollingCode maxH="40">{JSON.stringify(value, null, 2)}</ScrollingCode>
    </Box>
  );
}

/** The short summary always; the full before/after, the IP and the device behind a disclosure. */
function ChangeCell({ entry }: { entry: TAuditEntry }) {
  const summary = summarizeAuditChange(entry);
  return (
    <DisclosureCell
      maxW="sm"
      trigger="Details"
      triggerLabel={`Details of entry ${entry.id}`}
      // One line on a phone (two on a wide screen): the whole change is in the details.
      summary={
        <Text
          flex="1"
          minW="0"
          fontSize="sm"
          lineClamp={{ base: 1, md: 2 }}
          overflowWrap="anywhere"
          title={summary}
        >
          {summary}
        </Text>
      }
    >
      <Stack gap="2" pt="2" maxW={{ md: 'sm' }}>
        <Text fontSize="xs">
          <Text as="span" color="fg.muted">
            IP:{' '}
          </Text>
          {entry.ip ?? 'unknown'}
        </Text>
        {entry.userAgent ? (
          <Text fontSize="xs" overflowWrap="anywhere">
            <Text as="span" color="fg.muted">
              Device:{' '}
            </Text>
            {entry.userAgent}
          </Text>
        ) : null}
        <Json label="Before" value={entry.before} />
        <Json label="After" value={entry.after} />
      </Stack>
    </DisclosureCell>
  );
}

const columns: ResponsiveColumn<TAuditEntry>[] = [
  { key: 'when', header: 'When', hideOnMobile: true, cell: (e) => <DateTime date={e.createdAt} /> },
  { key: 'actor', header: 'Actor', cell: (e) => e.actorName },
  {
    key: 'action',
    header: 'Action',
    hideOnMobile: true,
    cell: (e) => <Badge>{auditActionLabel(e.action)}</Badge>,
  },
  { key: 'target', header: 'Target', cell: (e) => targetLabel(e) },
  { key: 'change', header: 'Change', cell: (e) => <ChangeCell entry={e} /> },
];

/** The bounds of the admin's own local days, as instants, so 'to' includes the whole day. */
function dayStart(day: string): string | undefined {
  return day ? new Date(`${day}T00:00:00`).toISOString() : undefined;
}
function dayEnd(day: string): string | undefined {
  return day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined;
}

/** A text or date filter, labelled like the Action select beside it. */
function InputFilter({
  label,
  value,
  onChange,
  ...inputProps
}: Omit<InputProps, 'onChange'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <Input size="sm" value={value} onChange={(e) => onChange(e.target.value)} {...inputProps} />
    </Field.Root>
  );
}

export function AuditPage() {
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { page, fromFirstPage: filter, pagingOf } = usePagedSearch(PAGE_SIZE);
  const actorTerm = useDebounced(actor.trim());
  // A range typed backwards is read the right way round rather than refused.
  const [low, high] = from && to && from > to ? [to, from] : [from, to];
  const list = trpc.audit.list.useQuery(
    {
      page,
      pageSize: PAGE_SIZE,
      action: action || undefined,
      actor: actorTerm || undefined,
      from: dayStart(low),
      to: dayEnd(high),
    },
    { placeholderData: (previous) => previous },
  );
  const entries = list.data?.entries ?? [];
  return (
    <>
      <PageHeader title="Audit Log" subtitle="Every administrative action, newest first" />
      <ListFrame
        filters={
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" alignItems="end">
            <SelectFilter
              label="Action"
              smallLabel
              value={action}
              options={ACTIONS}
              onChange={filter(setAction)}
            />
            <InputFilter
              label="Actor"
              placeholder="Username"
              value={actor}
              onChange={filter(setActor)}
            />
            <InputFilter label="From" type="date" value={from} onChange={filter(setFrom)} />
            <InputFilter label="To" type="date" value={to} onChange={filter(setTo)} />
          </SimpleGrid>
        }
        footer={`${list.data?.total ?? 0} entries`}
        paging={pagingOf(list.data?.total)}
      >
        <ResponsiveTable
          caption="Audit log entries"
          columns={columns}
          rows={entries}
          rowKey={(e) => e.id}
          cardTitle={(e) => (
            <Stack direction="row" gap="2" align="center" flexWrap="wrap">
              <Badge>{auditActionLabel(e.action)}</Badge>
              <CardTitleDate date={e.createdAt} />
            </Stack>
          )}
          loading={list.isLoading}
          loadingText="Loading audit log..."
          emptyText={
            action || actorTerm || from || to
              ? 'No entries match these filters.'
              : 'No entries yet.'
          }
        />
      </ListFrame>
    </>
  );
}
