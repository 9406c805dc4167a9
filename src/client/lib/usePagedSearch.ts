// A list's search box and page: a new search or a new filter starts again at page 1, and the
// server is asked with the typed text only once typing pauses.
import { useCallback, useState } from 'react';
import { useDebounced } from './useDebounced';

/** A list's page, and the pager's props for a list of `total` items (0 until the answer came). */
export function usePage(pageSize: number) {
  const [page, setPage] = useState(1);
  return {
    page,
    setPage,
    pagingOf: (total: number | undefined) => ({
      page,
      pageSize,
      total: total ?? 0,
      onPage: setPage,
    }),
  };
}

export function usePagedSearch(pageSize: number) {
  const [search, setSearchText] = useState('');
  const { page, setPage, pagingOf } = usePage(pageSize);
  const term = useDebounced(search.trim());
  /** A setter that also goes back to page 1 (for a filter, a sort). */
  const fromFirstPage = useCallback(
    <T>(set: (value: T) => void) =>
      (value: T) => {
        set(value);
        setPage(1);
      },
    [setPage],
  );
  return {
    /** What the box holds. */
    search,
    /** What to ask the server for (trimmed, debounced; undefined when empty). */
    term: term || undefined,
    setSearch: fromFirstPage(setSearchText),
    page,
    setPage,
    fromFirstPage,
    pagingOf,
  };
}
