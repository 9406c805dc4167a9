// A topic's page inside the Discussion tab (?tab=discussion&topic=ID): its title and badges,
// Follow, the organiser's Pin and Lock, the opening post (with a link to the answer), the replies
// a page at a time (First, Last; &post=ID opens the page holding that reply, scrolled to and
// highlighted), and the reply editor. Live: a change heard on the topic's channel re-reads the
// page in place, so new replies appear under the last one without a jump.
import { Button, HStack, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { ArrowLeft, Bell, BellOff, Lock, Pin } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { TPost } from '../../../shared/schemas/discussion';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { NotFoundNotice } from '../common/NotFoundNotice';
import { BarDialog, type BarTarget } from './BarDialog';
import { postSearch } from './discussionParams';
import { HistoryDialog } from './HistoryDialog';
import { PostCard, type PostCardActions } from './PostCard';
import { ReplyBox, type QuoteDraft } from './ReplyBox';
import { ReportDialog } from './ReportDialog';
import { TopicBadges } from './TopicBadges';
import { TopicPager } from './TopicPager';
import { useTopicLive } from './useDiscussionLive';
import { useTopicMutations } from './useTopicMutations';

const PAGE_SIZE = 20;

type PageAsked = number | 'last' | null;

export function TopicPage({
  contestId,
  organiserId,
  topicId,
  postId,
  viewerId,
  listHref,
}: {
  contestId: number;
  organiserId: number | null;
  topicId: number;
  /** The reply the address names: its page is opened, and it is scrolled to. */
  postId: number | null;
  viewerId: number;
  listHref: string;
}) {
  const [path] = useLocation();
  const [asked, setAsked] = useState<PageAsked>(null);
  const input =
    asked === 'last'
      ? { id: topicId, pageSize: PAGE_SIZE, last: true }
      : asked !== null
        ? { id: topicId, pageSize: PAGE_SIZE, page: asked }
        : postId !== null
          ? { id: topicId, pageSize: PAGE_SIZE, postId }
          : { id: topicId, pageSize: PAGE_SIZE };
  const query = trpc.discussion.get.useQuery(input, { placeholderData: keepPreviousData });
  const { refetch } = query;
  const onChange = useCallback(() => void refetch(), [refetch]);
  useTopicLive(topicId, onChange);
  const mutations = useTopicMutations();
  const [quote, setQuote] = useState<QuoteDraft | null>(null);
  const [deleting, setDeleting] = useState<TPost | null>(null);
  const [reporting, setReporting] = useState<TPost | null>(null);
  const [history, setHistory] = useState<TPost | null>(null);
  const [barring, setBarring] = useState<BarTarget | null>(null);
  const replyRef = useRef<HTMLDivElement>(null);
  const named = useRef<HTMLElement>(null);
  const topic = query.data;

  // The post the address names: scrolled to once its page is shown.
  const scrolledTo = useRef<number | null>(null);
  useEffect(() => {
    if (postId === null || !topic || scrolledTo.current === postId) return;
    const el = named.current;
    if (!el) return;
    scrolledTo.current = postId;
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
  }, [postId, topic]);

  if (query.isError) {
    return query.error.data?.code === 'NOT_FOUND' ? (
      <NotFoundNotice title="Topic not found" message="This topic does not exist or was removed." />
    ) : (
      <Text color="fg.muted">{query.error.message}</Text>
    );
  }
  if (!topic) {
    return (
      <Text color="fg.muted" role="status">
        Loading topic…
      </Text>
    );
  }

  const actions: PostCardActions = {
    onQuote: (post) => {
      setQuote({
        postId: post.id,
        username: post.author?.username ?? 'a former member',
        body: post.body,
        nonce: Date.now(),
      });
      requestAnimationFrame(() => {
        replyRef.current?.scrollIntoView({ block: 'center' });
        replyRef.current?.querySelector('textarea')?.focus();
      });
    },
    onDelete: setDeleting,
    onReport: setReporting,
    onHistory: setHistory,
    onBar: (post) => post.author && setBarring(post.author),
    onAnswer: (post, answer) =>
      mutations.update.mutate({ id: topic.id, answerId: answer ? post.id : null }),
  };
  const card = (post: TPost, opening: boolean) => (
    <PostCard
      key={post.id}
      ref={post.id === postId ? named : undefined}
      post={post}
      contestId={contestId}
      viewerId={viewerId}
      organiserId={organiserId}
      canPost={topic.canPost}
      canModerate={topic.canModerate}
      opening={opening}
      answer={post.id === topic.answerId}
      highlighted={post.id === postId}
      locked={topic.locked}
      mutations={mutations}
      actions={actions}
    />
  );
  const follow = topic.followedByMe ? mutations.unfollow : mutations.follow;

  return (
    <Stack gap="4">
      <ChakraLink asChild color="purple.fg" alignSelf="flex-start" fontSize="sm">
        <Link href={listHref}>
          <ArrowLeft size={14} aria-hidden /> Back to topics
        </Link>
      </ChakraLink>
      <Stack gap="2">
        <Heading as="h2" size="lg" overflowWrap="anywhere">
          {topic.title}
        </Heading>
        <TopicBadges topic={topic} />
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            loading={follow.isPending}
            onClick={() => follow.mutate({ id: topic.id })}
          >
            {topic.followedByMe ? (
              <BellOff size={14} aria-hidden />
            ) : (
              <Bell size={14} aria-hidden />
            )}
            {topic.followedByMe ? 'Unfollow' : 'Follow'}
          </Button>
          {topic.canModerate ? (
            <>
              <Button
                size="sm"
                variant="outline"
                disabled={mutations.update.isPending}
                onClick={() => mutations.update.mutate({ id: topic.id, pinned: !topic.pinned })}
              >
                <Pin size={14} aria-hidden /> {topic.pinned ? 'Unpin' : 'Pin'}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={mutations.update.isPending}
                onClick={() => mutations.update.mutate({ id: topic.id, locked: !topic.locked })}
              >
                <Lock size={14} aria-hidden /> {topic.locked ? 'Unlock' : 'Lock'}
              </Button>
            </>
          ) : null}
        </HStack>
      </Stack>
      {card(topic.post, true)}
      {topic.answerId !== null ? (
        <ChakraLink asChild color="green.fg" fontWeight="medium" alignSelf="flex-start">
          <Link href={`${path}${postSearch(topic.id, topic.answerId)}`}>See the answer</Link>
        </ChakraLink>
      ) : null}
      <Heading as="h3" size="md">
        {topic.replies.total === 1
          ? '1 reply'
          : `${topic.replies.total.toLocaleString('en-US')} replies`}
      </Heading>
      <TopicPager
        page={topic.replies.page}
        pageSize={topic.replies.pageSize}
        total={topic.replies.total}
        onPage={setAsked}
      />
      <Stack gap="3">{topic.replies.items.map((post) => card(post, false))}</Stack>
      <TopicPager
        page={topic.replies.page}
        pageSize={topic.replies.pageSize}
        total={topic.replies.total}
        onPage={setAsked}
      />
      <ReplyBox
        ref={replyRef}
        topic={topic}
        quote={quote}
        onClearQuote={() => setQuote(null)}
        onReplied={() => setAsked('last')}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete post"
        confirmLabel="Delete"
        loading={mutations.remove.isPending}
        onConfirm={() =>
          deleting &&
          mutations.remove.mutate({ id: deleting.id }, { onSuccess: () => setDeleting(null) })
        }
      >
        The post will read '[deleted]' in the thread. This cannot be undone.
      </ConfirmDialog>
      <ReportDialog post={reporting} onClose={() => setReporting(null)} />
      <HistoryDialog post={history} onClose={() => setHistory(null)} />
      <BarDialog contestId={contestId} member={barring} onClose={() => setBarring(null)} />
    </Stack>
  );
}
