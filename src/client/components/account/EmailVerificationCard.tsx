// Account Settings: whether the member's e-mail address is verified, and a new link when not.
import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import type { TUser } from '../../../shared/schemas/auth';
import { formatDateTime } from '../../../shared/format';
import { ResendVerificationButton } from './ResendVerificationButton';

export function EmailVerificationCard({ user }: { user: TUser }) {
  const verified = !!user.emailVerifiedAt;
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <Text fontWeight="medium">{user.email}</Text>
        <Badge colorPalette={verified ? 'green' : 'yellow'}>
          {verified ? 'Verified' : 'Not verified'}
        </Badge>
      </HStack>
      {verified ? (
        <Text color="fg.muted" fontSize="sm">
          Verified on {formatDateTime(user.emailVerifiedAt!)}.
        </Text>
      ) : (
        <>
          <Text color="fg.muted" fontSize="sm">
            Open the link we sent to this address to verify it. Some contests and payments may need
            a verified address.
          </Text>
          <ResendVerificationButton alignSelf="flex-start" size="sm" />
        </>
      )}
    </Stack>
  );
}
