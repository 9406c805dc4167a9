// /contests/:contestId (SPEC 2.7, PRODUCT.md): a contest by numeric id or slug, with its facts,
// its markdown description, links, Register Now, and Edit for whoever may change it. What a
// member comes for (the fee, the dates to the minute, Register or Pay) stands right under the
// title: first on a phone, in the right-hand column on a wide screen.
// An invite link (/contests/{id}?invite=CODE) fills the invite code in for its reader.
import {
  Badge,
  Box,
  Button,
  Center,
  DataList,
  Grid,
  HStack,
  Heading,
  Link as ChakraLink,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ExternalLink, FileText, Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Markdown } from '../../components/common/Markdown';
import { Link, useParams, useSearch } from 'wouter';
import {
  CATEGORY_LABELS,
  MODE_LABELS,
  PARTICIPATION_LABELS,
  isOrganiser,
  isReviewerRole,
} from '../../../shared/contests';
import { formatDateTime } from '../../../shared/format';
import { formatChoiceLabel } from '../../../shared/formatChoices';
import type { TContest } from '../../../shared/schemas/contests';
import type { TUser } from '../../../shared/schemas/auth';
import { ContestCover } from '../../components/contests/ContestCover';
import { ContestEditDialog } from '../../components/contests/ContestEditDialog';
import { ContestTabs } from '../../components/discussion/ContestTabs';
import { PrizesSection } from '../../components/contests/prizes/PrizesSection';
import {
  detailPhaseBadges,
  entryFeeText,
  participantsText,
  tierLabel,
} from '../../components/contests/contestDisplay';
import { ResultsSection } from '../../components/results/ResultsSection';
import { SubmissionsSection } from '../../components/submissions/SubmissionsSection';
import { ContestLeaderboard } from '../../components/leaderboard/ContestLeaderboard';
import { TradingContestBoard } from '../../components/trading/TradingContestBoard';
import { TradingSection } from '../../components/trading/TradingSection';
import { useTradingContest } from '../../components/trading/useTradingContest';
import { ScoreHistory } from '../../components/leaderboard/ScoreHistory';
import { ScoresPanel } from '../../components/leaderboard/ScoresPanel';
import { PageHeader } from '../../components/layout/PageHeader';
import { InviteShare } from '../../components/participation/InviteShare';
import { JoinPanel } from '../../components/participation/JoinPanel';
import { TeamsPanel } from '../../components/teams/TeamsPanel';
import { OrganiserToolbar } from '../../components/roster/OrganiserToolbar';
import { PlayerList } from '../../components/roster/PlayerList';
import { rosterFacts } from '../../components/roster/rosterFacts';
import { CheckInCard } from '../../components/tournaments/CheckInCard';
import { TournamentSection } from '../../components/tournaments/TournamentSection';
import { TradingRulesSection } from '../../components/trading/TradingRulesSection';
import { hasBracket } from '../../../shared/tournaments';
import { trpc } from '../../lib/trpc';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { NotFoundNotice } from '../../components/common/NotFoundNotice';
import { DataFact } from '../../components/common/DataFact';
import { TitledCard } from '../../components/common/TitledCard';
import { BackLink } from '../../components/common/LinkButton';

function NotFound() {
  return (
    <NotFoundNotice
      title="Contest Not Found"
      message="The contest you are looking for does not exist or is not open to you."
    />
  );
}

/** Who edits how: a draft goes back to the wizard; reviewers get the admin form; creators theirs. */
function EditAction({
  contest,
  user,
  onEdit,
}: {
  contest: TContest;
  user: TUser;
  onEdit: () => void;
}) {
  if (!contest.canEdit) return null;
  if (contest.status === 'draft' && contest.createdBy === user.id) {
    return (
      <Button asChild variant="outline">
        <Link href={`/contests/create?draft=${contest.id}`}>
          <Pencil size={16} aria-hidden /> Edit
        </Link>
      </Button>
    );
  }
  return (
    <Button variant="outline" onClick={onEdit}>
      <Pencil size={16} aria-hidden /> Edit
    </Button>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <DataFact label={label} fontWeight="medium">
      {value || '—'}
    </DataFact>
  );
}

/** The invite code an invite link carries (?invite=CODE), for the join panel to fill in. */
function useInviteParam(): string | undefined {
  const invite = new URLSearchParams(useSearch()).get('invite')?.trim();
  return invite ? invite.slice(0, 64) : undefined;
}

/** The fee, the dates and Register/Pay first; the other facts and the invite link after them. */
function Details({ contest }: { contest: TContest }) {
  const invite = useInviteParam();
  return (
    <TitledCard
      title="Contest Details"
      headingId="contest-details-heading"
      as="aside"
      tightHeader
      bodyGap="5"
    >
      <DataList.Root orientation="horizontal" size="sm">
        <Fact label="Entry Fee" value={entryFeeText(contest)} />
        <Fact label="Registration Deadline" value={formatDateTime(contest.registrationDeadline)} />
        <Fact label="Start Date" value={formatDateTime(contest.startDate)} />
        <Fact label="End Date" value={formatDateTime(contest.endDate)} />
      </DataList.Root>
      <JoinPanel
        contestId={contest.id}
        scoreDecimals={contest.scoreDecimals}
        initialInviteCode={invite}
        enableComments={contest.enableComments}
      />
      <DataList.Root orientation="horizontal" size="sm">
        <Fact label="Prize" value={contest.prize ?? ''} />
        <Fact label="Participants" value={participantsText(contest)} />
        <Fact label="Required Tier" value={tierLabel(contest.requiredTier)} />
      </DataList.Root>
      {contest.inviteCode ? (
        <InviteShare contestId={contest.id} inviteCode={contest.inviteCode} />
      ) : null}
    </TitledCard>
  );
}

/** A link that opens in a new tab, and says so to screen readers. */
function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <ChakraLink
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      color="purple.fg"
      variant="underline"
      overflowWrap="anywhere"
    >
      {children}
      <Text as="span" srOnly>
        {' '}
        (opens in a new tab)
      </Text>
    </ChakraLink>
  );
}

function Links({ contest }: { contest: TContest }) {
  if (!contest.externalLink && !contest.pdfGuide) return null;
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        Resources
      </Heading>
      {contest.externalLink ? (
        <NewTabLink href={contest.externalLink}>
          <ExternalLink size={16} aria-hidden /> Contest website
        </NewTabLink>
      ) : null}
      {contest.pdfGuide ? (
        <NewTabLink href={contest.pdfGuide}>
          <FileText size={16} aria-hidden /> PDF guide
        </NewTabLink>
      ) : null}
    </Stack>
  );
}

function ContestView({ contest, user }: { contest: TContest; user: TUser }) {
  const [editing, setEditing] = useState(false);
  const reviewer = isReviewerRole(user.role);
  // Only published contests have members; scores are the creator's and the reviewers' to enter
  // (the server checks the same).
  const published = contest.status === 'active' || contest.status === 'completed';
  const canScore = published && isOrganiser(contest, user);
  // Once a bracket exists its matches make the scores (the server refuses typed ones).
  const tournament = published && hasBracket(contest.format);
  const bracket = trpc.tournaments.bracket.useQuery(
    { contestId: contest.id },
    { enabled: tournament },
  );
  const scoresFromMatches = tournament && bracket.data?.generated !== false;
  // A trading contest (issue 34) is scored from statements: its board replaces typed scores.
  const { trading } = useTradingContest(contest);
  // The organiser runs the day from their toolbar (Start now, Generate, Process check-ins, the
  // player list) and the bracket (results): for them both come first, above the score panel;
  // everyone else reads the contest first and the bracket below it.
  const organiser = published && isOrganiser(contest, user);
  const bracketFirst = tournament && organiser;
  const [playersOpen, setPlayersOpen] = useState(false);
  const bracketSection = tournament ? <TournamentSection contest={contest} /> : null;
  return (
    <>
      <PageHeader
        title={contest.title}
        subtitle={contest.shortDescription ?? undefined}
        actions={<EditAction contest={contest} user={user} onEdit={() => setEditing(true)} />}
      />
      {organiser ? (
        <OrganiserToolbar
          contest={contest}
          bracket={tournament ? bracket.data : undefined}
          facts={rosterFacts(contest)}
          playersOpen={playersOpen}
          onPlayers={() => setPlayersOpen((open) => !open)}
        />
      ) : null}
      {organiser && playersOpen ? <PlayerList contest={contest} /> : null}
      {bracketFirst ? <Box mb="6">{bracketSection}</Box> : null}
      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
        templateAreas={{ base: '"details" "main"', lg: '"main details"' }}
        alignItems="start"
        gap="6"
      >
        {/* First in reading order too: Register or Pay is a few Tab presses from the title. */}
        <Stack gap="6" minW="0" gridArea="details">
          <Details contest={contest} />
          <CheckInCard contest={contest} />
        </Stack>
        <Stack gap="6" minW="0" gridArea="main">
          {/* Overview and, with comments on, Discussion (issue 32). */}
          <ContestTabs
            contest={contest}
            user={user}
            overview={
              <Stack gap="6">
                <ContestCover
                  src={contest.coverImage}
                  alt={`${contest.title} cover`}
                  rounded="lg"
                />
                <HStack gap="2" wrap="wrap" role="group" aria-label="Contest status">
                  {detailPhaseBadges(contest).map((b) => (
                    <Badge key={b.label} colorPalette={b.color} variant="subtle">
                      {b.label}
                    </Badge>
                  ))}
                  <Badge variant="outline">{CATEGORY_LABELS[contest.category]}</Badge>
                  <Badge variant="outline">
                    {formatChoiceLabel(contest.format, contest.tournament)}
                  </Badge>
                  <Badge variant="outline">{MODE_LABELS[contest.mode]}</Badge>
                  <Badge variant="outline">{PARTICIPATION_LABELS[contest.participationType]}</Badge>
                  {contest.featured ? (
                    <Badge colorPalette="purple" variant="subtle">
                      Featured
                    </Badge>
                  ) : null}
                </HStack>
                <Stack gap="2">
                  <Heading as="h2" size="md">
                    About this contest
                  </Heading>
                  {contest.description ? (
                    <Markdown>{contest.description}</Markdown>
                  ) : (
                    <Text color="fg.muted">No description</Text>
                  )}
                </Stack>
                <Links contest={contest} />
                <PrizesSection contest={contest} />
                {/* Trading contests (issue 34): the rules in words and the CSV template. */}
                <TradingRulesSection contest={contest} user={user} />
                {/* Submission contests (issue 31): uploads, boards and the organiser's evaluation. */}
                {contest.format === 'submission' ? (
                  <SubmissionsSection contest={contest} user={user} />
                ) : null}
                {/* Trading contests (issue 34): statements, and the organiser's review. */}
                {trading ? <TradingSection contest={contest} user={user} /> : null}
                <ResultsSection contest={contest} userId={user.id} />
                {/* Team mode (issue 19): the caller's team or invitations, and the contest's teams. */}
                {published && contest.mode === 'team' ? <TeamsPanel contest={contest} /> : null}
                {/* A running submission contest's standings are its public board (above), with scores;
              its leaderboard reads places once the private board is published. */}
                {published &&
                (contest.enableLeaderboard || canScore) &&
                (contest.format !== 'submission' || contest.status === 'completed') ? (
                  trading ? (
                    <TradingContestBoard contest={contest} />
                  ) : (
                    <ContestLeaderboard contest={contest} user={user} />
                  )
                ) : null}
                {/* A submission contest's places come from its private board, not typed scores. */}
                {canScore && !scoresFromMatches && contest.format !== 'submission' && !trading ? (
                  <ScoresPanel contest={contest} />
                ) : null}
                {canScore ? <ScoreHistory contest={contest} /> : null}
              </Stack>
            }
          />
        </Stack>
      </Grid>
      {/* Full width (below, or above for the organiser): a bracket needs the whole page. */}
      {bracketSection && !bracketFirst ? <Box mt="6">{bracketSection}</Box> : null}
      <ContestEditDialog
        contest={editing ? contest : null}
        variant={reviewer ? 'admin' : 'member'}
        onClose={() => setEditing(false)}
      />
    </>
  );
}

export function ContestDetailPage({ user }: { user: TUser }) {
  const { contestId = '' } = useParams<{ contestId: string }>();
  const query = trpc.contests.get.useQuery({ idOrSlug: contestId }, { enabled: contestId !== '' });
  const notFound =
    query.error?.data?.code === 'NOT_FOUND' || query.error?.data?.code === 'BAD_REQUEST';
  // An unknown contest is a page of its own ('Contest Not Found'), not a failure.
  useLoadErrorToast(
    notFound ? null : query.error,
    'Failed to load contests',
    'Failed to load contests',
  );
  return (
    <Box>
      <BackLink href="/contests" mb="4">
        Back to Contests
      </BackLink>
      {query.isLoading ? (
        <Center py="16">
          <Spinner size="lg" aria-label="Loading contest" />
        </Center>
      ) : query.data ? (
        <ContestView contest={query.data} user={user} />
      ) : notFound ? (
        <NotFound />
      ) : (
        <PageHeader title="Contest" subtitle="The contest could not be loaded. Try again later." />
      )}
    </Box>
  );
}
