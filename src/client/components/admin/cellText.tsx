// Texts in the staff tables' cells (payment proofs, payouts): table cells do not wrap, so a long
// free text wraps inside a block of its own; an absent value reads muted.
import { Text, type TextProps } from '@chakra-ui/react';

/** A placeholder in a cell ('—', 'None yet'), muted. */
export const muted = (text: string) => (
  <Text as="span" color="fg.muted">
    {text}
  </Text>
);

/** A long free text (notes, an address) that wraps anywhere; its widths are the caller's. */
export function WrappingText(props: TextProps) {
  return <Text as="span" fontSize="sm" overflowWrap="anywhere" display="block" {...props} />;
}
