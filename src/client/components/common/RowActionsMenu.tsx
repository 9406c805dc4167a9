// The '⋮' menu at the end of a table row (a card's corner on a phone): one per row, named after
// the row ('Actions for alice'), its items in the order given; a dangerous one in red.
import { IconButton, Menu } from '@chakra-ui/react';
import { MoreVertical } from 'lucide-react';
import { LandmarkPortal } from './LandmarkPortal';

export interface RowAction {
  /** The item's value (unique in the menu). */
  value: string;
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

interface Props {
  /** What the row is ('alice', a contest's title): the button's name says it. */
  rowLabel: string;
  /** The items; a `null` or `false` is an item this row does not offer. */
  actions: readonly (RowAction | null | false)[];
}

export function RowActionsMenu({ rowLabel, actions }: Props) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton aria-label={`Actions for ${rowLabel}`} variant="ghost" size="sm">
          <MoreVertical />
        </IconButton>
      </Menu.Trigger>
      <LandmarkPortal>
        <Menu.Positioner>
          <Menu.Content>
            {actions.map((action) =>
              action ? (
                <Menu.Item
                  key={action.value}
                  value={action.value}
                  color={action.danger ? 'red.fg' : undefined}
                  onClick={action.onSelect}
                >
                  {action.label}
                </Menu.Item>
              ) : null,
            )}
          </Menu.Content>
        </Menu.Positioner>
      </LandmarkPortal>
    </Menu.Root>
  );
}
