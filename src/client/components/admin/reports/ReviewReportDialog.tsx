// Review a reported post: hide, restore, delete or dismiss its reports, with the reason its
// author reads (required to hide or delete; the shared schema). The server's refusals (reviewed
// already by another moderator) are its toast; the queue is read again either way.
import { Box, Stack, Text } from '@chakra-ui/react';
import {
  MAX_REVIEW_REASON_CHARS,
  REASON_REQUIRED_ACTIONS,
  REPORT_ACTIONS,
  REPORT_ACTION_LABELS,
  type ReportAction,
} from '../../../../shared/discussion';
import {
  ZReviewReportRequest,
  type TReportedPost,
  type TReviewReportRequest,
} from '../../../../shared/schemas/reports';
import { errorMessage } from '../../../lib/errors';
import { keyedToasts } from '../../../lib/toaster';
import { trpc } from '../../../lib/trpc';
import { DialogFormActions } from '../../common/FormButtons';
import { Markdown } from '../../common/Markdown';
import { RowFormDialog } from '../../common/RowFormDialog';
import { SelectField } from '../../common/SelectField';
import { ReasonField } from '../../common/ReasonField';

const toasts = keyedToasts('reportReview');

const DONE: Record<ReportAction, string> = {
  hide: 'Post hidden',
  restore: 'Post restored',
  delete: 'Post deleted',
  dismiss: 'Reports dismissed',
};

/** What a moderator would most likely do first: restore what reports hid, else hide it. */
const firstAction = (row: TReportedPost): ReportAction => (row.hidden ? 'restore' : 'hide');

export function ReviewReportDialog({
  row,
  onClose,
}: {
  row: TReportedPost | null;
  onClose: () => void;
}) {
  const review = trpc.reports.review.useMutation({
    onSuccess: (answer) => {
      toasts.success(DONE[answer.action], 'The author is told when their post changes.');
      onClose();
    },
    onError: (error) => {
      toasts.error('Review failed', errorMessage(error, 'Failed to review the report'));
      onClose();
    },
  });
  return (
    <RowFormDialog
      row={row}
      title="Review Report"
      onClose={onClose}
      form={(row) => ({
        initialValues: { id: row.reportId, action: firstAction(row), reason: '' },
        schema: ZReviewReportRequest,
        submit: (values: TReviewReportRequest) => review.mutateAsync(values),
      })}
    >
      {(row, formik) => {
        const action = formik.values.action as ReportAction;
        const required = REASON_REQUIRED_ACTIONS.includes(action);
        return (
          <Stack gap="4">
            <Text>
              A post by <strong>{row.author?.username ?? 'a deleted account'}</strong> in “
              {row.topic.title}”, reported {row.reportCount}{' '}
              {row.reportCount === 1 ? 'time' : 'times'}.
            </Text>
            <Box
              borderWidth="1px"
              borderRadius="md"
              p="3"
              maxH="40"
              overflowY="auto"
              tabIndex={0}
              aria-label="The reported post"
            >
              <Markdown>{row.body}</Markdown>
            </Box>
            <SelectField
              name="action"
              label="Action"
              options={REPORT_ACTIONS.map((a) => ({ value: a, label: REPORT_ACTION_LABELS[a] }))}
              helperText="Every open report of this post is resolved with this action."
            />
            <ReasonField
              required={required}
              maxLength={MAX_REVIEW_REASON_CHARS}
              helperText={
                required
                  ? 'The author reads this reason in their notification.'
                  : 'Optional: the author reads it if their post changes.'
              }
            />
            <DialogFormActions
              onCancel={onClose}
              submitLabel={REPORT_ACTION_LABELS[action]}
              colorPalette={action === 'delete' || action === 'hide' ? 'red' : 'purple'}
            />
          </Stack>
        );
      }}
    </RowFormDialog>
  );
}
