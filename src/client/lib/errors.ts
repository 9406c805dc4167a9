import { setIn, type FormikErrors } from 'formik';
import { useMemo, useRef } from 'react';
import { MSG } from '../../shared/messages';

/** The text SPEC 8 shows for a failed call: the server's message, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

/** The server's text for a wrong current password (domain/accounts/account.ts). */
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

/** The refusals of a new password (shared rules, and the server's common-password list). */
const NEW_PASSWORD_REFUSALS = [
  MSG.passwordBlank,
  MSG.passwordIsUsername,
  MSG.passwordIsEmail,
  MSG.passwordCommon,
  MSG.passwordUnchanged,
] as const;

/** Each new-password refusal, placed on the form's field of that name. */
export function newPasswordRefusals(field: string): Record<string, string> {
  return Object.fromEntries(NEW_PASSWORD_REFUSALS.map((message) => [message, field]));
}

export interface ServerFieldRules {
  /** Server message -> the form field it is about. */
  byMessage: Readonly<Record<string, string>>;
  /**
   * The form's fields: a validation failure whose issue names one of them lands there; a list
   * field ('shares') also takes its items' issues, each on its own ('shares.2.percent').
   */
  fields?: readonly string[];
  /** The server's reason (`data.reason`, e.g. 'invite_wrong') -> the form field it is about. */
  byReason?: Readonly<Record<string, string>>;
  /** A one-field form whose every refusal is about its field: any other refusal lands there. */
  otherwise?: string;
}

interface ServerIssue {
  path?: unknown;
  message?: unknown;
}

/**
 * The form fields a refused call is about: a zod failure names its field in `data.issues`; a rule
 * refused by a service is recognised by its message.
 */
export function serverFieldErrors(error: unknown, rules: ServerFieldRules): Record<string, string> {
  const found: Record<string, string> = {};
  const data = (error as { data?: { issues?: unknown; details?: unknown } } | null)?.data;
  const onForm = (path: string) =>
    rules.fields?.some((field) => path === field || path.startsWith(`${field}.`)) ?? false;
  if (Array.isArray(data?.issues)) {
    for (const issue of data.issues as ServerIssue[]) {
      const { path, message } = issue;
      if (typeof path === 'string' && typeof message === 'string' && onForm(path)) {
        found[path] ??= message;
      }
    }
  }
  const message = (error as { message?: unknown } | null)?.message;
  // A rule a service applies names its field in the refusal's details ('shares.1.percent').
  const field = (data?.details as { field?: unknown } | undefined)?.field;
  if (typeof field === 'string' && typeof message === 'string' && onForm(field)) {
    found[field] ??= message;
  }
  if (typeof message === 'string' && Object.hasOwn(rules.byMessage, message)) {
    found[rules.byMessage[message]!] ??= message;
  }
  const reason = errorReason(error);
  if (
    typeof message === 'string' &&
    reason &&
    rules.byReason &&
    Object.hasOwn(rules.byReason, reason)
  ) {
    found[rules.byReason[reason]!] ??= message;
  }
  if (
    typeof message === 'string' &&
    message.trim() &&
    rules.otherwise &&
    !Object.keys(found).length
  ) {
    found[rules.otherwise] = message;
  }
  return found;
}

type SetFieldError = (field: string, message: string) => void;

/**
 * A form's place for the server's refusals of its submits. Formik replaces its errors at every
 * validation, and a validation runs at each blur (the focus FocusFirstError moves to the field in
 * error blurs the one that held it), so a message only the server can give ('This transaction has
 * already been submitted', 'Email already in use') vanished as soon as it was shown. Here a
 * refusal stays beside its field for as long as the form holds the values that were refused, and
 * goes at the first change (the next submit asks the server again).
 *
 * Give `validate` to Formik (beside its validationSchema, or `withValidation(yourValidate)`) and
 * call `place` with the refused call's error in onSubmit.
 */
export function useServerFieldErrors() {
  // The errors as Formik holds them: nested like the values ('shares.2.percent' under shares[2]).
  const refused = useRef<{ values: string; errors: FormikErrors<object> } | null>(null);
  return useMemo(() => {
    const validate = (values: object): FormikErrors<object> => {
      const current = refused.current;
      if (!current) return {};
      if (JSON.stringify(values) === current.values) return current.errors;
      refused.current = null;
      return {};
    };
    return {
      validate,
      /** Another `validate` (a lazily fetched schema's), with the server's refusals added. */
      withValidation<Values extends object, Errors extends object>(
        other: (values: Values) => Errors | Promise<Errors>,
      ) {
        return async (values: Values) => ({ ...(await other(values)), ...validate(values) });
      },
      /**
       * Shows a refused call's message beside the field it is about (as well as in the toast the
       * mutation raises), kept there while the form holds `values`. Returns whether any field
       * took a message.
       */
      place(
        error: unknown,
        values: object,
        setFieldError: SetFieldError,
        rules: ServerFieldRules,
      ): boolean {
        const errors = serverFieldErrors(error, rules);
        const found = Object.entries(errors);
        const nested = found.reduce<FormikErrors<object>>(
          (all, [field, message]) => setIn(all, field, message) as FormikErrors<object>,
          {},
        );
        refused.current = found.length ? { values: JSON.stringify(values), errors: nested } : null;
        for (const [field, message] of found) setFieldError(field, message);
        return found.length > 0;
      },
    };
  }, []);
}

/** Why the server refused a call (`data.reason`, e.g. 'tx_hash_used'), when it said. */
export function errorReason(error: unknown): string | undefined {
  const reason = (error as { data?: { reason?: unknown } } | null)?.data?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** The tRPC code of a refused call ('NOT_FOUND', 'BAD_REQUEST', ...). */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { data?: { code?: unknown } } | null)?.data?.code;
  return typeof code === 'string' ? code : undefined;
}
