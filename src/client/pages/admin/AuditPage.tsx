// The audit log of admin actions (PRODUCT.md 'Beyond that').
import {
  Badge,
  Box,
  Button,
  Code,
  Collapsible,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import {
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  summarizeAuditChange,
} from '../../../shared/auditActions';
import type { TAuditEntry } from '../../../shared/schemas/audit';
import { DateTime } from '../../components/common/DateTime';
import { ListFrame } from '../../components/common/ListFrame';
import { ResponsiveTable, type ResponsiveColumn } from '../../components/common/ResponsiveTable';
import { PageHeader } from '../../components/layout/PageHeader';
import { trpc } from '../../lib/trpc';
import { useDebounced } from '../../lib/useDebounced';
import { usePagedSearch } from '../../lib/usePagedSearch';

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
      <Code
        display="block"
        fontSize="xs"
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
        maxH="40"
        overflowY="auto"
        p="2"
      >
        {JSON.stringify(value, null, 2)}
      </Code>
    </Box>
  );
}

/** The short summary always; the full before/after, the IP and the device behind a disclosure. */
function ChangeCell({ entry }: { entry: TAuditEntry }) {
  const summary = summarizeAuditChange(entry);
  return (
    <Collapsible.Root lazyMount unmountOnExit>
      <HStack gap="2" align="baseline" maxW={{ md: 'sm' }}>
        {/* One line on a phone (two on a wide screen): the whole change is in the details. */}
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
        <Collapsible.Trigger asChild>
          <Button
            variant="plain"
            size="xs"
            h="auto"
            p="0"
            flexShrink={0}
            color="fg.muted"
            aria-label={`Details of entry ${entry.id}`}
          >
            Details <ChevronDown size={12} aria-hidden />
          </Button>
        </Collapsible.Trigger>
      </HStack>
      <Collapsible.Content>
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
      </Collapsible.Content>
    </Collapsible.Root>
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

function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Field.Root>
      <Field.Label fontSize="sm">{label}</Field.Label>
      {children}
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
            <FilterField label="Action">
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={action}
                  onChange={(e) => filter(setAction)(e.target.value)}
                >
                  {ACTIONS.map((a) => (
                    <option key={a.value} value={a.value}>
                      {a.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FilterField>
            <FilterField label="Actor">
              <Input
                size="sm"
                placeholder="Username"
                value={actor}
                onChange={(e) => filter(setActor)(e.target.value)}
              />
            </FilterField>
            <FilterField label="From">
              <Input
                size="sm"
                type="date"
                value={from}
                onChange={(e) => filter(setFrom)(e.target.value)}
              />
            </FilterField>
            <FilterField label="To">
              <Input
                size="sm"
                type="date"
                value={to}
                onChange={(e) => filter(setTo)(e.target.value)}
              />
            </FilterField>
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
              <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">
                <DateTime date={e.createdAt} />
              </Text>
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
