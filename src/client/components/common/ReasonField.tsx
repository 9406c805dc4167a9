// The reason a moderation dialog asks for (ban, reject, plan change, report review, payout step,
// bar a member, reopen results, disqualify a player): the form's `reason`, three rows, with a
// counter up to the limit its shared schema sets.
import type { ReactNode } from 'react';
import { TextareaField } from './TextareaField';

export function ReasonField({
  maxLength,
  helperText,
  required = true,
  label = 'Reason',
}: {
  maxLength: number;
  helperText?: ReactNode;
  required?: boolean;
  label?: string;
}) {
  return (
    <TextareaField
      name="reason"
      label={label}
      required={required}
      rows={3}
      maxLength={maxLength}
      helperText={helperText}
    />
  );
}
