// The bar a file's upload shows while it is sent (a 200 MB key takes a while on a slow line).
import { HStack, Progress, Text } from '@chakra-ui/react';

export function UploadProgress({ share, label }: { share: number; label: string }) {
  const percent = Math.round(share * 100);
  return (
    <Progress.Root value={percent} colorPalette="purple" size="sm" aria-label={label}>
      <HStack justify="space-between" mb="1">
        <Progress.Label>{label}</Progress.Label>
        <Text fontSize="sm" color="fg.muted">
          {percent < 100 ? `${percent}%` : 'Checking the file…'}
        </Text>
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
