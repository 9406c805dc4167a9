// The one table of the app (DESIGN 13): a plain accessible table from the `md` breakpoint up,
// and below it one stacked card per row (label: value pairs, the row's actions at the card's
// top), so a phone never scrolls sideways. Only one of the two is rendered, so role and label
// locators find each thing once.
import {
  Box,
  Button,
  Field,
  Flex,
  HStack,
  NativeSelect,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  useBreakpointValue,
} from '@chakra-ui/react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';

export type SortOrder = 'asc' | 'desc';
export interface TableSort {
  key: string;
  order: SortOrder;
}

export interface ResponsiveColumn<T> {
  /** Stable id of the column; also the sort key of a sortable column. */
  key: string;
  /** The column header, and the card label unless `mobileLabel` says otherwise. */
  header: string;
  cell: (row: T) => ReactNode;
  mobileLabel?: string;
  /** Left out of the cards (for example because `cardTitle` already shows it). */
  hideOnMobile?: boolean;
  /** The header becomes a button that sorts by this column (needs `sort` and `onSortChange`). */
  sortable?: boolean;
  align?: 'start' | 'end';
}

interface Props<T> {
  /** What the table lists: the table's caption and the card list's name (visually hidden). */
  caption: string;
  columns: ResponsiveColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The heading line of each card on narrow screens. */
  cardTitle?: (row: T) => ReactNode;
  /** A last 'Actions' column on wide screens; the top-right corner of each card on narrow. */
  rowActions?: (row: T) => ReactNode;
  actionsHeader?: string;
  loading?: boolean;
  loadingText?: string;
  emptyText: ReactNode;
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function SortIcon({ order }: { order?: SortOrder }) {
  if (order === 'asc') return <ArrowUp size={14} aria-hidden />;
  if (order === 'desc') return <ArrowDown size={14} aria-hidden />;
  return <ArrowUpDown size={14} aria-hidden />;
}

export function ResponsiveTable<T>(props: Props<T>) {
  // ssr: false reads the viewport on the first render, so a phone never lays out the table once.
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? true;
  return wide ? <WideTable {...props} /> : <CardList {...props} />;
}

function WideTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowActions,
  actionsHeader = 'Actions',
  loading,
  loadingText = 'Loading...',
  emptyText,
  sort,
  onSortChange,
}: Props<T>) {
  const span = columns.length + (rowActions ? 1 : 0);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => {
              const active = sort?.key === column.key ? sort.order : undefined;
              const sortable = column.sortable && onSortChange;
              return (
                <Table.ColumnHeader
                  key={column.key}
                  textAlign={column.align}
                  aria-sort={sortable ? (active ? ARIA_SORT[active] : 'none') : undefined}
                >
                  {sortable ? (
                    <Button
                      variant="ghost"
                      size="xs"
                      h="auto"
                      py="1"
                      px="1"
                      mx="-1"
                      fontSize="inherit"
                      fontWeight="inherit"
                      color="inherit"
                      onClick={() =>
                        onSortChange({
                          key: column.key,
                          order: active === 'asc' ? 'desc' : 'asc',
                        })
                      }
                    >
                      {column.header}
                      <SortIcon order={active} />
                    </Button>
                  ) : (
                    column.header
                  )}
                </Table.ColumnHeader>
              );
            })}
            {rowActions ? (
              <Table.ColumnHeader textAlign="end">{actionsHeader}</Table.ColumnHeader>
            ) : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {loading || rows.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={span} textAlign="center" py="8" color="fg.muted">
                {loading ? loadingText : emptyText}
              </Table.Cell>
            </Table.Row>
          ) : (
            rows.map((row) => (
              <Table.Row key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Cell key={column.key} textAlign={column.align}>
                    {column.cell(row)}
                  </Table.Cell>
                ))}
                {rowActions ? <Table.Cell textAlign="end">{rowActions(row)}</Table.Cell> : null}
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** On a phone the column headers are gone, so sorting is one labelled select above the cards. */
function MobileSort<T>({
  columns,
  sort,
  onSortChange,
}: Pick<Props<T>, 'columns' | 'sort' | 'onSortChange'>) {
  const sortable = columns.filter((c) => c.sortable);
  if (!onSortChange || sortable.length === 0) return null;
  const value = sort ? `${sort.key}:${sort.order}` : '';
  return (
    <Field.Root>
      <Field.Label>Sort by</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={value}
          onChange={(e) => {
            const [key, order] = e.target.value.split(':') as [string, SortOrder];
            if (key) onSortChange({ key, order });
          }}
        >
          {value === '' ? <option value="">Default order</option> : null}
          {sortable.flatMap((c) => [
            <option key={`${c.key}:asc`} value={`${c.key}:asc`}>
              {c.mobileLabel ?? c.header} (ascending)
            </option>,
            <option key={`${c.key}:desc`} value={`${c.key}:desc`}>
              {c.mobileLabel ?? c.header} (descending)
            </option>,
          ])}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function CardList<T>({
  caption,
  columns,
  rows,
  rowKey,
  cardTitle,
  rowActions,
  loading,
  loadingText = 'Loading...',
  emptyText,
  sort,
  onSortChange,
}: Props<T>) {
  const shown = columns.filter((c) => !c.hideOnMobile);
  return (
    <Stack gap="3">
      <MobileSort columns={columns} sort={sort} onSortChange={onSortChange} />
      {loading || rows.length === 0 ? (
        <Text textAlign="center" py="8" color="fg.muted" borderWidth="1px" rounded="md">
          {loading ? loadingText : emptyText}
        </Text>
      ) : (
        <Stack as="ul" aria-label={caption} gap="2" listStyleType="none" m="0" p="0">
          {rows.map((row) => (
            <Box as="li" key={rowKey(row)} borderWidth="1px" rounded="md" px="3" py="1.5">
              {cardTitle || rowActions ? (
                <HStack justify="space-between" align="center" gap="2" mb="1">
                  <Box minW="0" fontWeight="medium" overflowWrap="anywhere">
                    {cardTitle?.(row)}
                  </Box>
                  {rowActions ? <Box flexShrink={0}>{rowActions(row)}</Box> : null}
                </HStack>
              ) : null}
              {/* Short pairs share a line, long ones wrap: a card stays a few lines tall. */}
              <Flex as="dl" wrap="wrap" columnGap="4" rowGap="1" fontSize="sm" m="0">
                {shown.map((column) => (
                  <HStack key={column.key} gap="1" minW="0" maxW="full" align="baseline">
                    <Text as="dt" color="fg.muted" flexShrink={0}>
                      {column.mobileLabel ?? column.header}:
                    </Text>
                    <Box as="dd" m="0" minW="0" overflowWrap="anywhere">
                      {column.cell(row)}
                    </Box>
                  </HStack>
                ))}
              </Flex>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
