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
  /** The form's fields: a validation failure whose issue names one of them lands there. */
  fields?: readonly string[];
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
  const issues = (error as { data?: { issues?: unknown } } | null)?.data?.issues;
  if (Array.isArray(issues) && rules.fields) {
    for (const issue of issues as ServerIssue[]) {
      const { path, message } = issue;
      if (typeof path === 'string' && typeof message === 'string' && rules.fields.includes(path)) {
        found[path] ??= message;
      }
    }
  }
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && Object.hasOwn(rules.byMessage, message)) {
    found[rules.byMessage[message]!] ??= message;
  }
  return found;
}

/**
 * Shows a refused call's message beside the field it is about (Formik's `setFieldError`), as well
 * as in the toast the mutation raises. Returns whether any field took a message.
 */
export function placeServerFieldErrors(
  error: unknown,
  setFieldError: (field: string, message: string) => void,
  rules: ServerFieldRules,
): boolean {
  const found = Object.entries(serverFieldErrors(error, rules));
  for (const [field, message] of found) setFieldError(field, message);
  return found.length > 0;
}

/** Why a rule refused the call (the server's `data.reason`, e.g. 'invite_wrong'), if it says. */
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
