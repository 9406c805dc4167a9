// Formik validation with a shared zod schema, without zod-formik-adapter (or zod) in the
// JavaScript of the module that sets it up: the adapter is fetched when the form first needs it.
//
// lazySchemaValidation: the schema too is fetched when the person starts on the form, not with
// the page. The sign-in page is the first page of most visits, and zod is an eighth of its
// JavaScript: loading it on the first focus lets the form paint sooner on a slow phone, and by the
// time a field is left the schema is there.
//
// schemaValidation: a schema already in hand (the page imported it). Only the adapter is fetched,
// at once; this keeps it out of every module that imports useZodForm, the sign-in forms among them.
import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import type { ZodType } from 'zod';
import type { toFormikValidationSchema } from 'zod-formik-adapter';

/** A Formik `validationSchema`: what `toFormikValidationSchema(schema)` gives. */
export type Validator = ReturnType<typeof toFormikValidationSchema>;

/** `toFormikValidationSchema(await loadSchema())`, fetched once (and again after a failure). */
function deferredValidator(loadSchema: () => Promise<ZodType>): () => Promise<Validator> {
  let loading: Promise<Validator> | undefined;
  return () =>
    (loading ??= Promise.all([loadSchema(), import('zod-formik-adapter')])
      .then(([schema, adapter]) => adapter.toFormikValidationSchema(schema))
      .catch((error: unknown) => {
        loading = undefined; // a later attempt fetches again
        throw error;
      }));
}

export interface LazyValidation<Values> {
  /** Formik's `validate`: the same errors as `validationSchema={toFormikValidationSchema(schema)}`. */
  (values: Values): Promise<FormikErrors<Values>>;
  /** Starts fetching the schema (call it when the form is first focused). */
  preload(): void;
}

export function lazySchemaValidation<Values extends FormikValues>(
  loadSchema: () => Promise<ZodType>,
): LazyValidation<Values> {
  const ready = deferredValidator(loadSchema);

  const validate = async (values: Values): Promise<FormikErrors<Values>> => {
    let validator: Validator;
    try {
      validator = await ready();
    } catch {
      // The schema could not be fetched (the network dropped): send the form as it is; the
      // server checks it with the same schema and its refusal is shown.
      return {};
    }
    try {
      // What Formik does with a validationSchema: empty strings count as missing, and the first
      // message of each field is the one shown.
      await validateYupSchema(values, validator);
      return {};
    } catch (error) {
      if ((error as Error | null)?.name === 'ValidationError') return yupToFormErrors(error);
      throw error;
    }
  };
  return Object.assign(validate, { preload: () => void ready().catch(() => undefined) });
}

/**
 * Formik's `validationSchema` for `schema`: `toFormikValidationSchema(schema)`, with the adapter
 * fetched now rather than imported (a form is typed into long after it is shown). Formik still
 * merges its errors with those of `validate`, as it does for any validationSchema.
 */
export function schemaValidation(schema: ZodType): Validator {
  const ready = deferredValidator(() => Promise.resolve(schema));
  void ready().catch(() => undefined);
  return {
    async validate(values) {
      let validator: Validator;
      try {
        validator = await ready();
      } catch {
        return; // as lazySchemaValidation: the server checks what is sent
      }
      await validator.validate(values);
    },
  };
}
