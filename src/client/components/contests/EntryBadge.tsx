// What it costs to take part, beside the tier on every contest card and on the carousel: 'Entry
// $100' for a paid contest, 'Free entry' otherwise (PRODUCT.md 'Money').
import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { TContestListItem } from '../../../shared/schemas/contests';
import { entryFeeText } from './contestDisplay';

type Priced = Pick<TContestListItem, 'participationType' | 'entryFee'>;

export function entryText(contest: Priced): string {
  return contest.participationType === 'paid' && contest.entryFee
    ? `Entry ${entryFeeText(contest)}`
    : 'Free entry';
}

export function EntryBadge({ contest, ...props }: { contest: Priced } & BadgeProps) {
  const paid = contest.participationType === 'paid' && Boolean(contest.entryFee);
  return (
    <Badge variant="outline" colorPalette={paid ? 'orange' : 'green'} {...props}>
      {entryText(contest)}
    </Badge>
  );
}
