// A dialog that asks something about one row (ban this member, reject this payment, dispute
// this match): open while there is a row, its form built for that row with useZodForm (the
// shared schema, the call, a refusal beside its field).
import { Formik, Form, type FormikProps, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import { useZodForm, type ZodFormOptions } from '../../lib/useZodForm';
import { AppDialog } from './AppDialog';

interface Props<Row, Values extends FormikValues, Result> {
  row: Row | null;
  title: string;
  onClose: () => void;
  /** The form for this row: its values, schema and call. */
  form: (row: Row) => ZodFormOptions<Values, Result>;
  /** The fields and the buttons (given the form's state, for fields shown by another's value). */
  children: (row: Row, formik: FormikProps<Values>) => ReactNode;
}

export function RowFormDialog<Row, Values extends FormikValues, Result>({
  row,
  title,
  onClose,
  form,
  children,
}: Props<Row, Values, Result>) {
  return (
    <AppDialog open={row !== null} onClose={onClose} title={title}>
      {row !== null ? (
        <RowForm options={form(row)}>{(formik) => children(row, formik)}</RowForm>
      ) : null}
    </AppDialog>
  );
}

function RowForm<Values extends FormikValues, Result>({
  options,
  children,
}: {
  options: ZodFormOptions<Values, Result>;
  children: (formik: FormikProps<Values>) => ReactNode;
}) {
  const form = useZodForm(options);
  return <Formik {...form}>{(formik) => <Form noValidate>{children(formik)}</Form>}</Formik>;
}
