// The contest page's main column in tabs: 'Overview' (the contest as it always read) and, when
// the contest's comments are on, 'Discussion' (?tab=discussion). Without comments there are no
// tabs at all: the overview is the page.
import { Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { TUser } from '../../../shared/schemas/auth';
import type { TContest } from '../../../shared/schemas/contests';
import { useTabParam } from '../../lib/useTabParam';
import { PageTabs } from '../common/PageTabs';
import { DISCUSSION_PARAMS, DISCUSSION_TAB } from './discussionParams';
import { DiscussionTab } from './DiscussionTab';

const TABS = ['overview', DISCUSSION_TAB] as const;
const LABELS = { overview: 'Overview', [DISCUSSION_TAB]: 'Discussion' } as const;
/** Back on the Overview, no topic or post stays in the address. */
const OWN_PARAMS = { [DISCUSSION_TAB]: DISCUSSION_PARAMS };

export function ContestTabs({
  contest,
  user,
  overview,
}: {
  contest: TContest;
  user: TUser;
  overview: ReactNode;
}) {
  const [tab, setTab] = useTabParam(
    TABS,
    'overview',
    { comments: DISCUSSION_TAB, forum: DISCUSSION_TAB },
    OWN_PARAMS,
  );
  if (!contest.enableComments) return <>{overview}</>;
  return (
    <PageTabs labels={LABELS} value={tab} onChange={setTab}>
      <Tabs.Content value="overview">{overview}</Tabs.Content>
      <Tabs.Content value={DISCUSSION_TAB}>
        <DiscussionTab contest={contest} user={user} />
      </Tabs.Content>
    </PageTabs>
  );
}
