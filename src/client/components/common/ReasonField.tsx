// The reason a moderating step must give (bar a member, reopen results, disqualify a player):
// the form's `reason`, required, three rows, with the step's own length limit and counter.
import type { ReactNode } from 'react';
import { TextareaField } from './TextareaField';

export function ReasonField({
  maxLength,
  helperText,
}: {
  maxLength: number;
  helperText?: ReactNode;
}) {
  return (
    <TextareaField
      name="reason"
      label="Reason"
      required
      rows={3}
      maxLength={maxLength}
      helperText={helperText}
    />
  );
}
