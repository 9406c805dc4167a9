import { Button, IconButton } from '@chakra-ui/react';
import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useSaveToggle } from './useSaveToggle';

interface Props {
  item: { id: number; title: string; saved: boolean };
  /** An icon on cards; a labelled button on the item's page. */
  withText?: boolean;
}

/** A toggle button: its name stays 'Save …', aria-pressed says whether it is saved. */
export function SaveToggle({ item, withText }: Props) {
  const { toggle, pending } = useSaveToggle();
  const Icon = item.saved ? BookmarkCheck : Bookmark;
  const common = {
    'aria-pressed': item.saved,
    loading: pending,
    onClick: () => toggle(item),
    colorPalette: 'purple',
    variant: item.saved ? ('subtle' as const) : ('ghost' as const),
  };
  if (withText) {
    return (
      <Button {...common} variant={item.saved ? 'subtle' : 'outline'} alignSelf="flex-start">
        <Icon size={16} aria-hidden /> {item.saved ? 'Saved' : 'Save for later'}
      </Button>
    );
  }
  return (
    <IconButton {...common} aria-label={`Save ${item.title}`} title="Save for later" size="sm">
      <Icon aria-hidden />
    </IconButton>
  );
}
