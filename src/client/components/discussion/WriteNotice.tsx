// Why the caller cannot post here (the server's sentence: 'Only participants can post…', 'The
// discussion of this contest is closed…', barred with the organiser's reason), in place of the
// button or the editor they would have had.
import { Alert } from '@chakra-ui/react';

export function WriteNotice({ refusal }: { refusal: { reason: string; message: string } | null }) {
  if (!refusal) return null;
  return (
    <Alert.Root status={refusal.reason === 'barred' ? 'warning' : 'info'} size="sm">
      <Alert.Indicator />
      <Alert.Title>{refusal.message}</Alert.Title>
    </Alert.Root>
  );
}
