// 'Register Now' on the contest page (SPEC 2.7, PRODUCT.md 'Taking part'): before any click,
// participation.status says what a join would be refused for, so the panel tells that state in
// the server's words with the way forward (upgrade, pay the fee, enter the invite code) instead
// of a button that would fail. Joined members see their place and, before the start, Leave. A
// member who paid the entry fee sees their proof awaiting review, or its rejection and reason,
// updated live when a reviewer acts.
import { Alert, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { TIER_LABELS } from '../../../shared/constants';
import { PARTICIPATION_MESSAGES, type JoinRefusal } from '../../../shared/participation';
import {
  ZInviteCodeFormSchema,
  type TFeeProof,
  type TParticipationStatus,
} from '../../../shared/schemas/participation';
import { errorMessage, errorReason, type ServerFieldRules } from '../../lib/errors';
import { pointsText } from '../../../shared/leaderboard';
import { useMarkStale } from '../../lib/invalidation';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { FormField } from '../common/FormField';
import { StackForm } from '../common/StackForm';
import { FeeProofState } from '../payments/FeeProofState';
import { ResendVerificationButton } from '../account/ResendVerificationButton';
import { useLivePayments } from '../payments/useLivePayments';

const joinToasts = keyedToasts('join');
const leaveToasts = keyedToasts('leave');

type Refusal = NonNullable<TParticipationStatus['refusal']>;

/** The state's headline; the server's message below it says the rest. */
const REFUSAL_TITLES: Record<JoinRefusal, string> = {
  not_open: 'Not open for registration',
  closed: 'Registration Closed',
  full: 'Contest full',
  already_joined: 'You are registered',
  tier: 'Upgrade required',
  invite_required: 'Invitation only',
  invite_wrong: 'Invitation only',
  fee_unverified: 'Entry fee required',
  email_unverified: 'Verify your e-mail address',
  team_only: 'Team contest',
};

// Every screen that shows who takes part reads it again after a join or a leave: declared in
// lib/invalidation.
function useJoin() {
  const markStale = useMarkStale();
  return trpc.participation.join.useMutation({
    onSuccess: () => joinToasts.success(PARTICIPATION_MESSAGES.joined),
    onError: (error) => {
      // A wrong invite code is told beside its field (InviteForm); anything else in a toast,
      // and the panel reads the state again (the contest may have filled up meanwhile).
      if (errorReason(error) === 'invite_wrong') return;
      joinToasts.error('Registration failed', errorMessage(error, 'Failed to register'));
      markStale('participation.join');
    },
  });
}

function RegisterNow({ contestId }: { contestId: number }) {
  const join = useJoin();
  return (
    <Button
      colorPalette="purple"
      size="lg"
      loading={join.isPending}
      onClick={() => join.mutate({ contestId })}
    >
      Register Now
    </Button>
  );
}

/** A wrong invite code is told beside its field. */
const INVITE_FIELD: ServerFieldRules = { byMessage: {}, byReason: { invite_wrong: 'inviteCode' } };

function InviteForm({ contestId, initialCode }: { contestId: number; initialCode?: string }) {
  const join = useJoin();
  const form = useZodForm({
    initialValues: { inviteCode: initialCode ?? '' },
    schema: ZInviteCodeFormSchema,
    serverFields: INVITE_FIELD,
    submit: (values) => join.mutateAsync({ contestId, inviteCode: values.inviteCode }),
  });
  return (
    <StackForm form={form} gap="3">
      {({ isSubmitting }) => (
        <>
          <FormField name="inviteCode" label="Invite code" autoComplete="off" required />
          <Button type="submit" colorPalette="purple" size="lg" loading={isSubmitting}>
            Register
          </Button>
        </>
      )}
    </StackForm>
  );
}

/** What a refusal means in a few words, and what the member can do about it. */
function RefusalState({
  refusal,
  contestId,
  feeProof,
  initialInviteCode,
  enableComments,
}: {
  refusal: Refusal;
  contestId: number;
  feeProof: TFeeProof | null;
  initialInviteCode?: string;
  enableComments?: boolean;
}) {
  if (refusal.reason === 'fee_unverified' && feeProof) {
    return (
      <FeeProofState feeProof={feeProof} contestId={contestId} enableComments={enableComments} />
    );
  }
  const tier = refusal.reason === 'tier' && refusal.requiredTier ? refusal.requiredTier : null;
  const title = tier
    ? `This contest requires the ${TIER_LABELS[tier]} tier`
    : REFUSAL_TITLES[refusal.reason];
  return (
    <Stack gap="3">
      <Alert.Root
        status={
          refusal.reason === 'invite_required' || refusal.reason === 'team_only'
            ? 'info'
            : 'warning'
        }
      >
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{refusal.message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {tier ? (
        <Button asChild colorPalette="purple" size="lg">
          <Link href={`/payment?tier=${tier}`}>Upgrade</Link>
        </Button>
      ) : refusal.reason === 'fee_unverified' ? (
        <Button asChild colorPalette="purple" size="lg">
          <Link href={`/payment?contest=${refusal.contestId ?? contestId}`}>Pay entry fee</Link>
        </Button>
      ) : refusal.reason === 'email_unverified' ? (
        <ResendVerificationButton size="lg" />
      ) : refusal.reason === 'invite_required' ? (
        <InviteForm contestId={contestId} initialCode={initialInviteCode} />
      ) : refusal.reason === 'team_only' ? (
        <Button asChild variant="outline" size="lg">
          <a href="#teams">Go to the teams</a>
        </Button>
      ) : null}
    </Stack>
  );
}

function JoinedState({
  status,
  scoreDecimals,
}: {
  status: TParticipationStatus;
  scoreDecimals: number;
}) {
  const [confirming, setConfirming] = useState(false);
  const leave = trpc.participation.leave.useMutation({
    onSuccess: () => {
      leaveToasts.success('You left the contest');
      setConfirming(false);
    },
    onError: (error) => {
      leaveToasts.error('Error', errorMessage(error, 'Failed to leave the contest'));
      setConfirming(false);
    },
  });
  const rank = status.participant?.rank;
  return (
    <Stack gap="3">
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>You are registered</Alert.Title>
          {status.participant && rank ? (
            <Alert.Description>
              {status.place
                ? `Final place: ${status.place}`
                : `Rank ${rank} with ${pointsText(status.participant.score, scoreDecimals)}`}
            </Alert.Description>
          ) : null}
        </Alert.Content>
      </Alert.Root>
      {status.canLeave ? (
        <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
          Leave contest
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Leave contest"
        confirmLabel="Leave contest"
        loading={leave.isPending}
        onConfirm={() => leave.mutate({ contestId: status.contestId })}
      >
        <Text>
          Your place goes to whoever registers next. You can register again while registration is
          open.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

export function JoinPanel({
  contestId,
  scoreDecimals,
  initialInviteCode,
  enableComments,
}: {
  contestId: number;
  /** How the contest's scores are written (its scoreDecimals). */
  scoreDecimals: number;
  /** From an invite link (/contests/{id}?invite=CODE): the code field starts with it. */
  initialInviteCode?: string;
  /** The contest's discussion: a rejected fee proof links to a new topic about it. */
  enableComments?: boolean;
}) {
  // Read again whenever the page opens: a tier, a fee or the places may have changed meanwhile.
  const status = trpc.participation.status.useQuery({ contestId }, { refetchOnMount: 'always' });
  // While an entry fee is to be paid or reviewed, a reviewer's verdict shows here without a reload.
  useLivePayments(status.data?.refusal?.reason === 'fee_unverified');
  if (status.isLoading) return <Skeleton h="12" rounded="md" />;
  if (!status.data) {
    return (
      <Text color="fg.muted" fontSize="sm">
        {errorMessage(status.error, 'Registration could not be loaded. Try again later.')}
      </Text>
    );
  }
  const data = status.data;
  if (data.joined) return <JoinedState status={data} scoreDecimals={scoreDecimals} />;
  if (data.refusal) {
    return (
      <RefusalState
        enableComments={enableComments}
        refusal={data.refusal}
        contestId={contestId}
        feeProof={data.feeProof}
        initialInviteCode={initialInviteCode}
      />
    );
  }
  return <RegisterNow contestId={contestId} />;
}
