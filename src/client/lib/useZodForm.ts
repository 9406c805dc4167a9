// The one shape of a form that asks the server: Formik, checked by a zod schema from
// src/shared/schemas, sent by one call, and the server's refusal shown beside the field it is
// about (and kept there while the form holds the refused values: see useServerFieldErrors).
// Spread the answer on <Formik>: `<Formik {...form}>`; a form with `loadSchema` also puts
// `onFocus={form.preload}` on its <Form>.
//
// zod-formik-adapter is fetched, not imported (lazyValidation.ts): the sign-in forms use this
// hook, and their page paints without zod or the adapter.
import type { FormikConfig, FormikHelpers, FormikValues } from 'formik';
import { useMemo } from 'react';
import type { z } from 'zod';
import { useServerFieldErrors, type ServerFieldRules } from './errors';
import { lazySchemaValidation, schemaValidation } from './lazyValidation';

/** The schema, in hand or fetched on the form's first focus. */
type SchemaSource =
  | {
      /** The shared schema the values must meet before anything is sent. */
      schema: z.ZodType<unknown>;
      loadSchema?: never;
    }
  | {
      /**
       * Fetches the schema (a dynamic import), for a page that must paint without zod: called on
       * the form's first focus (`onFocus={form.preload}`), or at the first check. Give a function
       * defined once (module level): a new one fetches again.
       */
      loadSchema: () => Promise<z.ZodType<unknown>>;
      schema?: never;
    };

export type ZodFormOptions<Values extends FormikValues, Result> = SchemaSource & {
  initialValues: Values;
  /** Which server refusals belong beside which field (none: the mutation's toast says it all). */
  serverFields?: ServerFieldRules;
  /** The call (a mutation's mutateAsync, or any async call); its toasts are the mutation's own. */
  submit: (values: Values) => Promise<Result>;
  /** After the call succeeded. */
  onSuccess?: (result: Result, helpers: FormikHelpers<Values>, values: Values) => unknown;
  /**
   * false: no check when a field is left, only on change and submit (a message appearing on the
   * blur a click on the submit button causes would move the button before the click lands).
   */
  validateOnBlur?: boolean;
};

export type ZodFormProps<Values extends FormikValues> = Pick<
  FormikConfig<Values>,
  'initialValues' | 'validationSchema' | 'validate' | 'onSubmit' | 'validateOnBlur'
> & {
  /** Starts fetching a `loadSchema` schema (put it on the <Form>'s onFocus); else nothing. */
  preload: () => void;
};

const NO_SERVER_FIELDS: ServerFieldRules = { byMessage: {} };
const NOTHING_TO_LOAD = () => undefined;

export function useZodForm<Values extends FormikValues, Result>({
  initialValues,
  schema,
  loadSchema,
  serverFields = NO_SERVER_FIELDS,
  submit,
  onSuccess,
  validateOnBlur,
}: ZodFormOptions<Values, Result>): ZodFormProps<Values> {
  const serverErrors = useServerFieldErrors();
  const validation = useMemo(() => {
    if (loadSchema) {
      // Formik runs one `validate`: the fetched schema's check, with the server's refusals added.
      const lazy = lazySchemaValidation<Values>(loadSchema);
      return { validate: serverErrors.withValidation(lazy), preload: lazy.preload };
    }
    // Formik merges the schema's errors with `validate`'s (the server's refusals).
    return {
      validationSchema: schemaValidation(schema),
      validate: serverErrors.validate,
      preload: NOTHING_TO_LOAD,
    };
  }, [schema, loadSchema, serverErrors]);
  return {
    initialValues,
    ...validation,
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
