// The admins' Outbox (issue 20 'Mail'): every message the platform queued, newest first, with its
// state, tries and last error; each message's text can be read (without SMTP this is where mail
// goes; its links can be followed), a failed one can be sent again, and the list can be searched
// by recipient.
import { Alert, Badge, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  MAIL_KIND_LABELS,
  MAIL_STATUSES,
  MAIL_STATUS_LABELS,
  type MailStatus,
} from '../../../shared/mail';
import type { TOutboxMessage } from '../../../shared/schemas/outbox';
import { CardTitleDate, DateTime } from '../../components/common/DateTime';
import { DisclosureCell, ScrollingCode } from '../../components/common/DisclosureCell';
import { LinkedText } from '../../components/common/LinkedText';
import { ListFrame } from '../../components/common/ListFrame';
import { ResponsiveTable, type ResponsiveColumn } from '../../components/common/ResponsiveTable';
import { PageHeader } from '../../components/layout/PageHeader';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';
import { usePagedSearch } from '../../lib/usePagedSearch';
import { labelledOptions, SelectFilter } from '../../components/common/SelectFilter';

const PAGE_SIZE = 20;
const toasts = keyedToasts('outbox');

const STATUS_COLORS: Record<MailStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  outbox: 'purple',
  failed: 'red',
};

function StatusCell({ message }: { message: TOutboxMessage }) {
  return (
    <Stack gap="1" align="flex-start">
      <Badge colorPalette={STATUS_COLORS[message.status]}>
        {MAIL_STATUS_LABELS[message.status]}
      </Badge>
      {message.status === 'queued' && message.attempts > 0 ? (
        <Text fontSize="xs" color="fg.muted">
          Next try <DateTime date={message.nextAttemptAt} />
        </Text>
      ) : null}
      {message.lastError ? (
        <Text fontSize="xs" color="red.fg" overflowWrap="anywhere" maxW="xs">
          {message.lastError}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The subject always; the plain-text part behind a disclosure. */
function MessageCell({ message }: { message: TOutboxMessage }) {
  return (
    <DisclosureCell
      maxW="md"
      trigger="Read"
      triggerLabel={`Read message ${message.id}`}
      summary={
        <Text flex="1" minW="0" fontSize="sm" overflowWrap="anywhere">
          {message.subject}
        </Text>
      }
    >
      <ScrollingCode maxW={{ md: 'md' }} maxH="64" mt="2">
        <LinkedText text={message.text} />
      </ScrollingCode>
    </DisclosureCell>
  );
}

const STATUS_FILTERS = labelledOptions(MAIL_STATUSES, MAIL_STATUS_LABELS, 'All messages');

const columns: ResponsiveColumn<TOutboxMessage>[] = [
  {
    key: 'when',
    header: 'Queued',
    hideOnMobile: true,
    cell: (m) => <DateTime date={m.createdAt} />,
  },
  { key: 'to', header: 'To', cell: (m) => <Text overflowWrap="anywhere">{m.to}</Text> },
  { key: 'kind', header: 'Kind', cell: (m) => MAIL_KIND_LABELS[m.kind] },
  { key: 'message', header: 'Message', cell: (m) => <MessageCell message={m} /> },
  { key: 'status', header: 'Status', cell: (m) => <StatusCell message={m} /> },
  { key: 'attempts', header: 'Tries', align: 'end', cell: (m) => m.attempts },
];

function RetryButton({ message }: { message: TOutboxMessage }) {
  const retry = trpc.outbox.retry.useMutation(
    toastOutcome(toasts, {
      success: ['Message queued again', `To ${message.to}`],
      failure: 'Failed to queue the message',
    }),
  );
  return (
    <Button
      size="xs"
      variant="outline"
      onClick={() => retry.mutate({ id: message.id })}
      loading={retry.isPending}
      aria-label={`Retry message ${message.id}`}
    >
      Retry
    </Button>
  );
}

export function OutboxPage() {
  const [status, setStatus] = useState<MailStatus | ''>('');
  const { search, term, setSearch, page, fromFirstPage, pagingOf } = usePagedSearch(PAGE_SIZE);
  const list = trpc.outbox.list.useQuery(
    { page, pageSize: PAGE_SIZE, status: status || undefined, search: term },
    { placeholderData: (previous) => previous, refetchInterval: 10_000 },
  );
  const items = list.data?.items ?? [];
  return (
    <>
      <PageHeader
        title="Outbox"
        subtitle="Every e-mail the platform sent or is sending, newest first"
      />
      <ListFrame
        search={{
          label: 'Search by recipient',
          placeholder: 'Search by recipient address...',
          value: search,
          onChange: setSearch,
        }}
        filters={
          <>
            {list.data && !list.data.smtpConfigured ? (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>No mail server is configured</Alert.Title>
                  <Alert.Description>
                    Without SMTP_URL, messages are kept here (and written to the server&apos;s log)
                    instead of being sent. Read a message to follow its link.
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : null}
            <SelectFilter
              maxW="xs"
              label="Status"
              smallLabel
              value={status}
              options={STATUS_FILTERS}
              onChange={fromFirstPage(setStatus)}
            />
          </>
        }
        footer={`${list.data?.total ?? 0} messages`}
        paging={pagingOf(list.data?.total)}
      >
        <ResponsiveTable
          caption="Outbox messages"
          columns={columns}
          rows={items}
          rowKey={(m) => m.id}
          cardTitle={(m) => <CardTitleDate date={m.createdAt} />}
          rowActions={(m) => (m.status === 'failed' ? <RetryButton message={m} /> : null)}
          loading={list.isLoading}
          loadingText="Loading messages..."
          emptyText={
            term
              ? 'No messages to that recipient.'
              : status
                ? 'No messages with this status.'
                : 'No messages yet.'
          }
        />
      </ListFrame>
    </>
  );
}
