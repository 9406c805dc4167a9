// What a card shows in place of its data while the query loads, or after it failed (with a way
// to ask again): one small line, so the card keeps its heading and does not jump.
import { Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { errorMessage } from '../../lib/errors';
import type { ReactNode } from 'react';

export function LoadingLine({ label }: { label: string }) {
  return (
    <HStack gap="2" color="fg.muted">
      <Spinner size="sm" />
      <Text fontSize="sm">{label}</Text>
    </HStack>
  );
}

export function LoadFailedLine({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  /** Said when the server gives no message. */
  fallback: string;
  onRetry: () => void;
}) {
  return (
    <HStack gap="3" wrap="wrap">
      <Text fontSize="sm" color="fg.muted">
        {errorMessage(error, fallback)}
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </HStack>
  );
}

interface Query<T> {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/** The loading line, the failed line, or what the data makes (nothing while there is none). */
export function QueryLines<T>({
  query,
  loading,
  failure,
  children,
}: {
  query: Query<T>;
  loading: string;
  failure: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isLoading) return <LoadingLine label={loading} />;
  if (query.isError) {
    return (
      <LoadFailedLine error={query.error} fallback={failure} onRetry={() => void query.refetch()} />
    );
  }
  return query.data === undefined ? null : children(query.data);
}
