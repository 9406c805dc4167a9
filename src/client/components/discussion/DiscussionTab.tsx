// The contest page's Discussion tab (issue 32): the topic list, a topic's page, or the new-topic
// editor, as the address says (discussionParams.ts).
import { Heading, Stack } from '@chakra-ui/react';
import { useLocation } from 'wouter';
import { isOrganiser } from '../../../shared/contests';
import type { TUser } from '../../../shared/schemas/auth';
import type { TContest } from '../../../shared/schemas/contests';
import { DISCUSSION_TAB, useDiscussionPlace } from './discussionParams';
import { NewTopic } from './NewTopic';
import { TopicList } from './TopicList';
import { TopicPage } from './TopicPage';

export function DiscussionTab({ contest, user }: { contest: TContest; user: TUser }) {
  const [place, go] = useDiscussionPlace();
  const [path] = useLocation();
  if (place.compose) {
    return (
      <NewTopic
        contestId={contest.id}
        canAnnounce={isOrganiser(contest, user)}
        initial={place.compose}
        onPosted={(topicId) => go({ topicId })}
        onCancel={() => go({})}
      />
    );
  }
  if (place.topicId !== null) {
    return (
      <TopicPage
        key={`${place.topicId}-${place.postId ?? ''}`}
        contestId={contest.id}
        organiserId={contest.createdBy}
        topicId={place.topicId}
        postId={place.postId}
        viewerId={user.id}
        listHref={`${path}?tab=${DISCUSSION_TAB}`}
      />
    );
  }
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        Discussion
      </Heading>
      <TopicList contestId={contest.id} onNew={() => go({ compose: { title: '', body: '' } })} />
    </Stack>
  );
}
