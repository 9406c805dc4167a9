// A submission contest on its page (issue 31): for a participant, the metric, what is left of
// today's submissions, the sample, the upload form and 'My submissions'; for everyone, the
// boards; for the organiser (creator, moderators, admins), the Evaluation panel, shown from the
// moment the contest is saved so the key is in place before the start. Kept current by the
// contest's live channel, which this section listens to while the contest runs (the page's
// leaderboard shows only once it has ended), and by asking every 2 s while a score or a
// re-scoring is pending (pendingPoll.ts).
import { Stack, Text } from '@chakra-ui/react';
import { isOrganiser } from '../../../shared/contests';
import { contestPhase } from '../../../shared/lifecycle';
import type { TUser } from '../../../shared/schemas/auth';
import type { TContest } from '../../../shared/schemas/contests';
import type { TEvaluationView } from '../../../shared/schemas/submissions';
import { SUBMISSION_MESSAGES } from '../../../shared/submissions';
import { trpc } from '../../lib/trpc';
import { useLiveLeaderboard } from '../leaderboard/useLiveLeaderboard';
import { TitledCard } from '../common/TitledCard';
import { EvaluationPanel } from './EvaluationPanel';
import { MySubmissions } from './MySubmissions';
import { SubmissionBoard } from './SubmissionBoard';
import { SubmitForm } from './SubmitForm';
import { SubmitInfo } from './SubmitInfo';
import { refetchWhilePending } from './pendingPoll';

const rescoring = (v: TEvaluationView | undefined) => !!v?.key && v.key.scored < v.key.total;

/** Why the form is not shown, or null when the member may submit. */
function closedReason(view: TEvaluationView, phase: string): string | null {
  if (view.published || phase === 'completed') return SUBMISSION_MESSAGES.ended;
  if (phase !== 'live') return SUBMISSION_MESSAGES.notStarted;
  if (!view.keyReady) return SUBMISSION_MESSAGES.noKey;
  if (!view.mine) return SUBMISSION_MESSAGES.notParticipant;
  if (view.mine.remainingTotal === 0) return SUBMISSION_MESSAGES.totalLimit(view.totalLimit ?? 0);
  if (view.mine.remainingToday === 0) return SUBMISSION_MESSAGES.dailyLimit(view.dailyLimit);
  return null;
}

function Participant({ contest, view }: { contest: TContest; view: TEvaluationView }) {
  const phase = contestPhase(contest);
  const closed = closedReason(view, phase);
  return (
    <TitledCard title="Submissions" headingId="submissions-heading" as="section" bodyGap="5">
      {view.keyReady ? (
        <SubmitInfo view={view} open={!view.published && phase !== 'completed'} />
      ) : null}
      {closed ? <Text color="fg.muted">{closed}</Text> : <SubmitForm evaluation={view} />}
      {view.mine ? (
        <Stack gap="2">
          <Text as="h3" fontWeight="semibold">
            My submissions
          </Text>
          <MySubmissions
            contestId={contest.id}
            enableComments={contest.enableComments}
            published={view.published}
            closed={view.published || phase === 'completed'}
          />
        </Stack>
      ) : null}
    </TitledCard>
  );
}

export function SubmissionsSection({ contest, user }: { contest: TContest; user: TUser }) {
  const submission = contest.format === 'submission';
  const organiser = isOrganiser(contest, user);
  const published = contest.status === 'active' || contest.status === 'completed';
  const evaluation = trpc.submissions.evaluation.useQuery(
    { contestId: contest.id },
    { enabled: submission, refetchInterval: refetchWhilePending(rescoring) },
  );
  useLiveLeaderboard(contest.id, submission && contest.status === 'active');
  const view = evaluation.data;
  if (!submission) return null;
  if (evaluation.isError) {
    return (
      <Text color="fg.muted" fontSize="sm">
        {evaluation.error.message || 'The submissions could not be loaded. Try again later.'}
      </Text>
    );
  }
  return (
    <Stack gap="6">
      {/* The organiser's set-up first: nothing can be submitted before the key is in place. */}
      {organiser && view ? <EvaluationPanel contestId={contest.id} view={view} /> : null}
      {/* An organiser who does not take part has the Evaluation panel instead. */}
      {published && view && (view.mine || !organiser) ? (
        <Participant contest={contest} view={view} />
      ) : null}
      {published && view ? (
        <TitledCard title="Boards" headingId="submission-boards-heading" as="section">
          <SubmissionBoard
            contestId={contest.id}
            published={view.published}
            organiser={organiser}
          />
        </TitledCard>
      ) : null}
    </Stack>
  );
}
