// 'Report' on a post: a reason (spam, abuse, off-topic, other) and, optionally, a few words. One
// report per member per post; a refusal (already reported, the day's limit) beside the reason.
import { Stack } from '@chakra-ui/react';
import { z } from 'zod';
import { MAX_REPORT_CHARS, REPORT_REASONS } from '../../../shared/discussion';
import { ZReportRequest, type TPost } from '../../../shared/schemas/discussion';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';
import { DialogFormActions } from '../common/FormButtons';
import { RowFormDialog } from '../common/RowFormDialog';
import { SelectField } from '../common/SelectField';
import { TextareaField } from '../common/TextareaField';

const toasts = keyedToasts('discussionReport');
const REASON_LABELS = { spam: 'Spam', abuse: 'Abuse', off_topic: 'Off-topic', other: 'Other' };
const OPTIONS = [
  { value: '', label: 'Choose a reason' },
  ...REPORT_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] })),
];
const SCHEMA = ZReportRequest.omit({ id: true }).extend({ reason: z.enum(REPORT_REASONS) });

export function ReportDialog({ post, onClose }: { post: TPost | null; onClose: () => void }) {
  const report = trpc.discussion.report.useMutation(
    toastOutcome(toasts, {
      success: (r: { hidden: boolean }) => [
        'Report sent',
        r.hidden
          ? 'Thank you. The post is hidden until a moderator looks at it.'
          : 'Thank you. A moderator will look at it.',
      ],
      failure: 'The report could not be sent',
    }),
  );
  return (
    <RowFormDialog
      row={post}
      title="Report post"
      onClose={onClose}
      form={(row) => ({
        initialValues: { reason: '', text: '' },
        schema: SCHEMA,
        serverFields: { byMessage: {}, fields: ['reason', 'text'], otherwise: 'reason' },
        submit: (values) =>
          report.mutateAsync({
            id: row.id,
            reason: values.reason as (typeof REPORT_REASONS)[number],
            text: values.text.trim() || undefined,
          }),
        onSuccess: onClose,
      })}
    >
      {() => (
        <Stack gap="4">
          <SelectField name="reason" label="Reason" options={OPTIONS} />
          <TextareaField
            name="text"
            label="What is wrong (optional)"
            rows={3}
            maxLength={MAX_REPORT_CHARS}
          />
          <DialogFormActions onCancel={onClose} submitLabel="Send report" colorPalette="red" />
        </Stack>
      )}
    </RowFormDialog>
  );
}
