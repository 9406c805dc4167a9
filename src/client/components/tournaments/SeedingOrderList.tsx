// The manual seeding order: best seed first, reordered with 'Move up' / 'Move down' buttons on
// each row (each names its participant, and the new place is announced) or, for a pointer, by
// dragging a row onto another.
import { Box, HStack, IconButton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useRef, useState } from 'react';

export interface Entrant {
  id: number;
  name: string;
}

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** A row's two moves: one place up or down (none past either end). */
const MOVES = [
  { direction: 'up', step: -1, Icon: ArrowUp },
  { direction: 'down', step: 1, Icon: ArrowDown },
] as const;

export function SeedingOrderList({
  entrants,
  onChange,
}: {
  entrants: readonly Entrant[];
  onChange: (order: Entrant[]) => void;
}) {
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  const move = (from: number, to: number, focusDirection?: 'up' | 'down') => {
    if (to < 0 || to >= entrants.length || from === to) return;
    const next = moveItem(entrants, from, to);
    onChange(next);
    setAnnouncement(`${entrants[from]!.name} moved to seed ${to + 1} of ${entrants.length}`);
    if (focusDirection) {
      // Keep the focus on the moved row's same button (or its other one at an end).
      requestAnimationFrame(() => {
        const row = boxRef.current?.querySelectorAll('li')[to];
        const atEnd = focusDirection === 'up' ? to === 0 : to === entrants.length - 1;
        const wanted = atEnd ? (focusDirection === 'up' ? 'down' : 'up') : focusDirection;
        row?.querySelector<HTMLButtonElement>(`[data-move="${wanted}"]`)?.focus();
      });
    }
  };

  return (
    <Box ref={boxRef}>
      <Stack
        as="ol"
        aria-label="Seeding order, best seed first"
        gap="1"
        listStyleType="none"
        m="0"
        p="0"
        maxH="60vh"
        overflowY="auto"
      >
        {entrants.map((entrant, index) => (
          <HStack
            as="li"
            key={entrant.id}
            draggable
            onDragStart={(e) => {
              setDragging(index);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => {
              if (dragging !== null) e.preventDefault();
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging !== null) move(dragging, index);
              setDragging(null);
            }}
            onDragEnd={() => setDragging(null)}
            borderWidth="1px"
            rounded="md"
            px="2"
            py="1"
            gap="2"
            bg={dragging === index ? 'bg.emphasized' : 'bg.panel'}
            cursor="grab"
          >
            <Box color="fg.muted" aria-hidden>
              <GripVertical size={16} />
            </Box>
            <Text fontVariantNumeric="tabular-nums" color="fg.muted" minW="6">
              {index + 1}.
            </Text>
            <Text flex="1" minW="0" truncate>
              {entrant.name}
            </Text>
            {MOVES.map(({ direction, step, Icon }) => (
              <IconButton
                key={direction}
                size="xs"
                variant="ghost"
                data-move={direction}
                aria-label={`Move ${entrant.name} ${direction}`}
                disabled={!entrants[index + step]}
                onClick={() => move(index, index + step, direction)}
              >
                <Icon />
              </IconButton>
            ))}
          </HStack>
        ))}
      </Stack>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </Box>
  );
}
