// The organiser's decision on a trader's latest statement (issue 34): approve it (it counts),
// reject it with a reason (it does not count; the trader may upload another) or disqualify the
// trader with a reason (they stay on the board, marked, below the ranked). The trader is told.
import { Stack, Text } from '@chakra-ui/react';
import {
  STATEMENT_REASON_MAX,
  ZReviewStatementInput,
  type TReviewStatementInput,
  type TStatementView,
} from '../../../shared/schemas/trading';
import type { StatementDecision } from '../../../shared/trading/review';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { DialogFormActions } from '../common/FormButtons';
import { RowFormDialog } from '../common/RowFormDialog';
import { TextareaField } from '../common/TextareaField';

const toasts = keyedToasts('reviewStatement');

export interface ReviewTarget {
  statement: TStatementView;
  decision: StatementDecision;
}

const WORDS = {
  approved: {
    title: 'Approve statement',
    submit: 'Approve',
    done: 'Statement approved',
    explain: (name: string) => `${name}'s statement counts on the board.`,
  },
  rejected: {
    title: 'Reject statement',
    submit: 'Reject',
    done: 'Statement rejected',
    explain: (name: string) =>
      `${name}'s statement does not count; they may upload another. They are told the reason.`,
  },
  disqualified: {
    title: 'Disqualify trader',
    submit: 'Disqualify',
    done: 'Trader disqualified',
    explain: (name: string) =>
      `${name} stays on the board, marked disqualified, below the ranked traders. They are told the reason.`,
  },
} as const;

export function ReviewStatementDialog({
  target,
  onClose,
}: {
  target: ReviewTarget | null;
  onClose: () => void;
}) {
  const review = trpc.trading.reviewStatement.useMutation({
    onError: (error) => toasts.error('Error', errorMessage(error, 'The review was not saved')),
  });
  const words = WORDS[target?.decision ?? 'approved'];
  return (
    <RowFormDialog
      row={target}
      title={words.title}
      onClose={onClose}
      form={({ statement, decision }) => ({
        initialValues: { statementId: statement.id, status: decision, reason: '' },
        schema: ZReviewStatementInput,
        submit: (values: TReviewStatementInput) =>
          review.mutateAsync({ ...values, reason: values.reason?.trim() || undefined }),
        onSuccess: () => {
          toasts.success(WORDS[decision].done, statement.entrantName);
          onClose();
        },
      })}
    >
      {({ statement, decision }) => (
        <Stack gap="4">
          <Text>{WORDS[decision].explain(statement.entrantName)}</Text>
          <TextareaField
            name="reason"
            label={decision === 'approved' ? 'Note (optional)' : 'Reason'}
            required={decision !== 'approved'}
            rows={3}
            maxLength={STATEMENT_REASON_MAX}
          />
          <DialogFormActions
            onCancel={onClose}
            submitLabel={WORDS[decision].submit}
            colorPalette={decision === 'approved' ? 'purple' : 'red'}
          />
        </Stack>
      )}
    </RowFormDialog>
  );
}
