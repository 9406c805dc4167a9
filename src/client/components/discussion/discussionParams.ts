// Where the Discussion tab stands, kept in the address so a reload or a shared link reopens it:
// ?tab=discussion (the topic list), &topic=ID (a topic's page), &post=ID (that reply, on the page
// holding it), &new=1 with &title= and &body= (the new-topic editor, prefilled: 'Discuss this').
import { useSearchParams } from 'wouter';

/** The ?tab= value of the contest page's Discussion tab. */
export const DISCUSSION_TAB = 'discussion';

/** The parameters that place the Discussion tab (dropped when another tab is chosen). */
export const DISCUSSION_PARAMS = ['topic', 'post', 'new', 'title', 'body'] as const;

const positiveId = (value: string | null): number | null => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** A short prefill from the address (a link's words, never trusted for length). */
const prefill = (value: string | null, max: number) => (value ?? '').slice(0, max);

export interface DiscussionPlace {
  topicId: number | null;
  postId: number | null;
  /** The new-topic editor is open, with these words in it. */
  compose: { title: string; body: string } | null;
}

/** The address of a new topic prefilled with a context ('Discuss this'). */
export function discussHref(contestId: number, title: string, body: string): string {
  const params = new URLSearchParams({ tab: DISCUSSION_TAB, new: '1', title, body });
  return `/contests/${contestId}?${params.toString()}`;
}

/** The address of one post of a topic (a link to share, the answer's link). */
export function postSearch(topicId: number, postId?: number): string {
  const params = new URLSearchParams({ tab: DISCUSSION_TAB, topic: String(topicId) });
  if (postId !== undefined) params.set('post', String(postId));
  return `?${params.toString()}`;
}

export function useDiscussionPlace(): [DiscussionPlace, (next: Partial<DiscussionPlace>) => void] {
  const [params, setParams] = useSearchParams();
  const place: DiscussionPlace = {
    topicId: positiveId(params.get('topic')),
    postId: positiveId(params.get('post')),
    compose:
      params.get('new') === '1'
        ? { title: prefill(params.get('title'), 200), body: prefill(params.get('body'), 20_000) }
        : null,
  };
  const go = (next: Partial<DiscussionPlace>) =>
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      out.set('tab', DISCUSSION_TAB);
      for (const key of DISCUSSION_PARAMS) out.delete(key);
      if (next.topicId) out.set('topic', String(next.topicId));
      if (next.topicId && next.postId) out.set('post', String(next.postId));
      if (next.compose) out.set('new', '1');
      return out;
    });
  return [place, go];
}
