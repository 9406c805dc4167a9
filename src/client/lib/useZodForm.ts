// The one shape of a form that asks the server: Formik, checked by a zod schema from
// src/shared/schemas, sent by one call, and the server's refusal shown beside the field it is
// about (and kept there while the form holds the refused values: see useServerFieldErrors).
// Spread the answer on <Formik>: `<Formik {...form}>`.
import type { FormikConfig, FormikHelpers, FormikValues } from 'formik';
import { useMemo } from 'react';
import type { z } from 'zod';
import { toFormikValidationSchema } from 'zod-formik-adapter';
import { useServerFieldErrors, type ServerFieldRules } from './errors';

export interface ZodFormOptions<Values extends FormikValues, Result> {
  initialValues: Values;
  /** The shared schema the values must meet before anything is sent. */
  schema: z.ZodType<unknown>;
  /** Which server refusals belong beside which field (none: the mutation's toast says it all). */
  serverFields?: ServerFieldRules;
  /** The call (a mutation's mutateAsync); its toasts are the mutation's own. */
  submit: (values: Values) => Promise<Result>;
  /** After the call succeeded. */
  onSuccess?: (result: Result, helpers: FormikHelpers<Values>, values: Values) => unknown;
  /**
   * false: no check when a field is left, only on change and submit (a message appearing on the
   * blur a click on the submit button causes would move the button before the click lands).
   */
  validateOnBlur?: boolean;
}

export type ZodFormProps<Values extends FormikValues> = Pick<
  FormikConfig<Values>,
  'initialValues' | 'validationSchema' | 'validate' | 'onSubmit' | 'validateOnBlur'
>;

const NO_SERVER_FIELDS: ServerFieldRules = { byMessage: {} };

export function useZodForm<Values extends FormikValues, Result>({
  initialValues,
  schema,
  serverFields = NO_SERVER_FIELDS,
  submit,
  onSuccess,
  validateOnBlur,
}: ZodFormOptions<Values, Result>): ZodFormProps<Values> {
  const serverErrors = useServerFieldErrors();
  const validationSchema = useMemo(() => toFormikValidationSchema(schema), [schema]);
  return {
    initialValues,
    validationSchema,
    validate: serverErrors.validate,
    ...(validateOnBlur === undefined ? {} : { validateOnBlur }),
    onSubmit: async (values, helpers) => {
      const answer = await submit(values).then(
        (result) => ({ result }),
        (error: unknown) => {
          serverErrors.place(error, values, helpers.setFieldError, serverFields);
          return null;
        },
      );
      if (answer) await onSuccess?.(answer.result, helpers, values);
    },
  };
}
