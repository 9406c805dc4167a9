import { Avatar } from '@chakra-ui/react';
import { initials } from '../../../shared/format';

interface Props {
  name: string;
  src?: string | null;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';
}

/** The profile picture, falling back to the initials when absent or broken. */
export function UserAvatar({ name, src, size = 'sm' }: Props) {
  return (
    <Avatar.Root size={size} colorPalette="purple">
      <Avatar.Fallback>{initials(name)}</Avatar.Fallback>
      {src ? <Avatar.Image src={src} alt={name} /> : null}
    </Avatar.Root>
  );
}
