// The two alerts forms and link pages show in their flow: a failure the user must read now
// (role="alert", beside the fields until the next try), and a result that succeeded (role="status").
import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The failure, or nothing while there is none. */
export function ErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

export function SuccessAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert.Root status="success" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
