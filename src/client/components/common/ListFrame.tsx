// The frame of a list page, one for every list: the search box and the count above, filters
// under them, the list itself (a ResponsiveTable or cards, which show their own loading and
// empty states), a line under it, and the pager.
import { HStack, Stack, Text, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Pager } from './Pager';
import { SearchField } from './SearchField';

export interface ListSearch {
  /** The accessible name ('Search users'). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

export interface ListPaging {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** No pager while everything fits on one page. */
  hideSinglePage?: boolean;
}

interface Props {
  search?: ListSearch;
  /** What the list holds in all ('Total users: 12'), beside the search box. */
  count?: ReactNode;
  /** Fields that narrow the list, under the search box. */
  filters?: ReactNode;
  children: ReactNode;
  /** A line under the list ('12 entries'). */
  footer?: ReactNode;
  paging?: ListPaging;
  gap?: StackProps['gap'];
}

export function ListFrame({ search, count, filters, children, footer, paging, gap = '4' }: Props) {
  const countText = count !== undefined ? <Text color="fg.muted">{count}</Text> : null;
  const pager =
    paging && !(paging.hideSinglePage && paging.total <= paging.pageSize) ? (
      <Pager
        page={paging.page}
        pageSize={paging.pageSize}
        total={paging.total}
        onPage={paging.onPage}
      />
    ) : null;
  return (
    <Stack gap={gap}>
      {search && countText ? (
        <HStack justify="space-between" flexWrap="wrap" gap="3">
          <SearchField {...search} />
          {countText}
        </HStack>
      ) : search ? (
        <SearchField {...search} />
      ) : (
        countText
      )}
      {filters}
      {children}
      {footer !== undefined ? (
        <Text fontSize="sm" color="fg.muted">
          {footer}
        </Text>
      ) : null}
      {pager}
    </Stack>
  );
}
