// A long identifier shown shortened in its middle; the full value stays available to screen
// readers (read instead of the short form) and to a mouse (the title).
import { Text, VisuallyHidden } from '@chakra-ui/react';
import { truncateMiddle } from '../../lib/truncate';

export function TruncatedText({
  value,
  head,
  tail,
}: {
  value: string;
  head?: number;
  tail?: number;
}) {
  const short = truncateMiddle(value, head, tail);
  if (short === value) {
    return (
      <Text as="span" fontFamily="mono" fontSize="sm" overflowWrap="anywhere">
        {value}
      </Text>
    );
  }
  return (
    <Text as="span" fontFamily="mono" fontSize="sm" title={value}>
      <span aria-hidden="true">{short}</span>
      <VisuallyHidden>{value}</VisuallyHidden>
    </Text>
  );
}
