// The one dialog behind reporting, disputing and deciding a match's result: open while there is a
// match, its values turned into the shared request and checked by the request's schema plus the
// best-of-N rule (resultForm.ts), then sent by the dialog's mutation. Each dialog gives only what
// differs: its title, its starting values, its request and its fields.
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { TMatch } from '../../../shared/schemas/tournaments';
import { RowFormDialog } from '../common/RowFormDialog';
import { bestOfRefinement, formSchema, type ResultRequest, type ResultValues } from './resultForm';

/** What the bracket screens hand a match dialog. */
export interface MatchDialogProps {
  match: TMatch | null;
  onClose: () => void;
}

interface Props<Values extends ResultValues, Input extends ResultRequest> extends MatchDialogProps {
  title: string;
  initialValues: (match: TMatch) => Values;
  /** The shared request schema the procedure parses. */
  request: z.ZodType<Input>;
  /** The values as that request (before parsing). */
  toRequest: (match: TMatch, values: Values) => unknown;
  send: (input: Input) => Promise<unknown>;
  children: (match: TMatch) => ReactNode;
}

export function MatchResultDialog<Values extends ResultValues, Input extends ResultRequest>({
  match,
  onClose,
  title,
  initialValues,
  request,
  toRequest,
  send,
  children,
}: Props<Values, Input>) {
  return (
    <RowFormDialog
      row={match}
      title={title}
      onClose={onClose}
      form={(match) => ({
        initialValues: initialValues(match),
        schema: formSchema(
          (values: Values) => toRequest(match, values),
          request.superRefine(bestOfRefinement(match.bestOf)),
        ),
        submit: (values: Values) => send(request.parse(toRequest(match, values))),
      })}
    >
      {children}
    </RowFormDialog>
  );
}
