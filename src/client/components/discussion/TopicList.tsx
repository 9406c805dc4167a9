// A contest's topics (issue 32): sorted (newest activity by default, newest, most replies, most
// upvoted), searched (debounced), paged; 'New topic' for whoever may post, and why not for the
// others. Live: a change heard on the contest's channel is fetched in the background and the
// list stays as the reader sees it, with 'N new replies' to apply the new one.
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { MessagesSquare, Plus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TOPIC_SORTS, type TopicSort } from '../../../shared/discussion';
import type { TTopicList } from '../../../shared/schemas/discussion';
import { trpc } from '../../lib/trpc';
import { usePagedSearch } from '../../lib/usePagedSearch';
import { ListEmptyState } from '../common/ListEmptyState';
import { Pager } from '../common/Pager';
import { SearchField } from '../common/SearchField';
import { SelectFilter, labelledOptions } from '../common/SelectFilter';
import { newPostsSince } from './newReplies';
import { TopicRow } from './TopicRow';
import { useTopicListLive } from './useDiscussionLive';
import { WriteNotice } from './WriteNotice';
import { OrganiserBar } from './OrganiserBar';

const PAGE_SIZE = 20;
const SORT_LABELS: Record<TopicSort, string> = {
  activity: 'Latest activity',
  newest: 'Newest',
  active: 'Most replies',
  upvoted: 'Most upvoted',
};
const SORT_OPTIONS = labelledOptions(TOPIC_SORTS, SORT_LABELS);

export function TopicList({ contestId, onNew }: { contestId: number; onNew: () => void }) {
  const [sort, setSort] = useState<TopicSort>('activity');
  const paging = usePagedSearch(PAGE_SIZE);
  const input = { contestId, sort, search: paging.term, page: paging.page, pageSize: PAGE_SIZE };
  const list = trpc.discussion.list.useQuery(input, { placeholderData: keepPreviousData });
  // The list as the reader sees it while a live change waits to be applied (for this page, sort
  // and search only: another one asked for is shown as it is).
  const key = JSON.stringify(input);
  const [held, setHeld] = useState<{ key: string; list: TTopicList } | null>(null);
  const current = useRef({ key, list: list.data });
  current.current = { key, list: list.data };
  const { refetch } = list;
  const onChange = useCallback(() => {
    setHeld((h) => {
      const { key, list } = current.current;
      return h?.key === key ? h : list ? { key, list } : null;
    });
    void refetch();
  }, [refetch]);
  useTopicListLive(contestId, onChange);
  const fresh = list.data;
  const shown = held?.key === key ? held.list : null;
  const waiting = shown && fresh ? newPostsSince(shown.items, fresh.items) : 0;
  const data = shown && waiting > 0 ? shown : fresh;
  // Nothing new after all (an edit, a moderation), or another page asked for: the fresh list.
  const stale = held !== null && (held.key !== key || (waiting === 0 && !list.isFetching));
  useEffect(() => {
    if (stale) setHeld(null);
  }, [stale]);

  return (
    <Stack gap="4">
      {data?.canModerate ? <OrganiserBar contestId={contestId} open={data.openDiscussion} /> : null}
      <HStack justify="space-between" wrap="wrap" gap="3" align="flex-end">
        <HStack gap="3" wrap="wrap" align="flex-end" flex="1">
          <SearchField
            label="Search topics"
            placeholder="Search topics"
            value={paging.search}
            onChange={paging.setSearch}
          />
          <SelectFilter
            label="Sort topics"
            value={sort}
            options={SORT_OPTIONS}
            onChange={paging.fromFirstPage(setSort)}
            w="auto"
            smallLabel
          />
        </HStack>
        {data?.canPost ? (
          <Button colorPalette="purple" onClick={onNew}>
            <Plus size={16} aria-hidden /> New topic
          </Button>
        ) : null}
      </HStack>
      {data && !data.canPost ? <WriteNotice refusal={data.postRefusal} /> : null}
      {waiting > 0 ? (
        <Button variant="outline" alignSelf="center" size="sm" onClick={() => setHeld(null)}>
          {waiting === 1 ? '1 new reply' : `${waiting.toLocaleString('en-US')} new replies`}
        </Button>
      ) : null}
      {list.isError ? (
        <Text color="fg.muted">
          {list.error.message || 'The topics could not be loaded. Try again later.'}
        </Text>
      ) : !data ? (
        <Text color="fg.muted" role="status">
          Loading topics…
        </Text>
      ) : data.items.length === 0 ? (
        <ListEmptyState
          icon={MessagesSquare}
          title={paging.term ? 'No topics match' : 'No topics yet'}
          description={
            paging.term
              ? 'Try other words.'
              : data.canPost
                ? 'Ask a question or start a conversation about this contest.'
                : 'Nobody has started a conversation yet.'
          }
        />
      ) : (
        <Stack as="ul" gap="2" aria-label="Topics" ps="0">
          {data.items.map((topic) => (
            <TopicRow key={topic.id} topic={topic} />
          ))}
        </Stack>
      )}
      {data && data.total > PAGE_SIZE ? <Pager {...paging.pagingOf(data.total)} /> : null}
    </Stack>
  );
}
