// The profile picture: uploading saves the profile at once (SPEC 2.11).
import { HStack, Stack, Text } from '@chakra-ui/react';
import type { TUser } from '../../../shared/schemas/auth';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';
import { useSetMe } from '../../lib/useMe';
import { FileDropzone } from '../common/FileDropzone';
import { UserAvatar } from '../common/UserAvatar';

const toasts = keyedToasts('avatar');

export function AvatarUpload({ user }: { user: TUser }) {
  const setMe = useSetMe();
  const save = trpc.account.updateProfile.useMutation(
    toastOutcome(toasts, {
      success: (updated: TUser) => [
        updated.profileImage ? 'Profile picture updated successfully' : 'Profile picture removed',
      ],
      failure: 'Failed to update profile',
      then: setMe,
    }),
  );

  const saveImage = (profileImage: string | null) =>
    save.mutate({
      username: user.username,
      email: user.email,
      fullName: user.fullName,
      phoneNumber: user.phone,
      profileImage,
    });

  return (
    <HStack align="flex-start" gap="6" flexWrap="wrap">
      <Stack align="center" gap="2">
        <UserAvatar name={user.username} src={user.profileImage} size="2xl" />
        <Text fontSize="sm" color="fg.muted">
          {user.username}
        </Text>
      </Stack>
      <Stack flex="1" minW="240px">
        <FileDropzone
          label="Profile Picture"
          purpose="avatar"
          value={user.profileImage}
          onChange={saveImage}
          onError={() =>
            toasts.error('Upload Failed', 'Failed to upload profile image. Please try again.')
          }
          helperText="PNG, JPG or WebP, up to 5MB."
        />
      </Stack>
    </HStack>
  );
}
