// The audit log of admin actions (PRODUCT.md 'Beyond that').
import { Badge, Code, Field, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { TAuditEntry } from '../../../shared/schemas/audit';
import { Pager } from '../../components/common/Pager';
import { PageHeader } from '../../components/layout/PageHeader';
import { trpc } from '../../lib/trpc';

const ACTIONS: { value: string; label: string }[] = [
  { value: '', label: 'All actions' },
  { value: 'user.create', label: 'User created' },
  { value: 'user.role', label: 'Role changed' },
  { value: 'user.tier', label: 'Tier changed' },
  { value: 'user.ban', label: 'User banned' },
  { value: 'user.password', label: 'Temporary password' },
  { value: 'user.delete', label: 'User deleted' },
  { value: 'settings.update', label: 'Settings changed' },
  { value: 'settings.payments', label: 'Payment settings changed' },
];

const PAGE_SIZE = 50;

/** 'key: old -> new' for each changed key, or the raw value when there is nothing to compare. */
function describeChange(entry: TAuditEntry): string {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  if (entry.before === null || entry.after === null) {
    return JSON.stringify(entry.after ?? entry.before ?? {});
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return changed.length
    ? changed
        .map((k) => `${k}: ${JSON.stringify(before[k])} → ${JSON.stringify(after[k])}`)
        .join('; ')
    : 'no change';
}

export function AuditPage() {
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const list = trpc.audit.list.useQuery(
    { page, pageSize: PAGE_SIZE, action: action || undefined },
    { placeholderData: (previous) => previous },
  );
  const entries = list.data?.entries ?? [];
  return (
    <>
      <PageHeader title="Audit Log" subtitle="Every administrative action, newest first" />
      <Stack gap="4">
        <Field.Root maxW="xs">
          <Field.Label>Action</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={action}
              onChange={(e) => {
                setAction(e.target.value);
                setPage(1);
              }}
            >
              {ACTIONS.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>When</Table.ColumnHeader>
                <Table.ColumnHeader>Actor</Table.ColumnHeader>
                <Table.ColumnHeader>Action</Table.ColumnHeader>
                <Table.ColumnHeader>Target</Table.ColumnHeader>
                <Table.ColumnHeader>Change</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {entries.length === 0 ? (
                <Table.Row>
                  <Table.Cell colSpan={5} textAlign="center" py="8" color="fg.muted">
                    {list.isLoading ? 'Loading audit log...' : 'No entries yet.'}
                  </Table.Cell>
                </Table.Row>
              ) : (
                entries.map((entry) => (
                  <Table.Row key={entry.id}>
                    <Table.Cell whiteSpace="nowrap">
                      {entry.createdAt.toLocaleString('en-US')}
                    </Table.Cell>
                    <Table.Cell>{entry.actorName}</Table.Cell>
                    <Table.Cell>
                      <Badge>{entry.action}</Badge>
                    </Table.Cell>
                    <Table.Cell>
                      {entry.targetType}
                      {entry.targetId ? ` #${entry.targetId}` : ''}
                    </Table.Cell>
                    <Table.Cell maxW="lg">
                      <Code fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-word">
                        {describeChange(entry)}
                      </Code>
                    </Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <Text fontSize="sm" color="fg.muted">
          {list.data?.total ?? 0} entries
        </Text>
        <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />
      </Stack>
    </>
  );
}
