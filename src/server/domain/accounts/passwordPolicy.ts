// The server's password rules: the shared ones, plus a refusal of very common passwords from
// zxcvbn-ts's common-password dictionary (49,000 entries: a well-kept list, not a hand-typed one).
import { dictionary } from '@zxcvbn-ts/language-common';
import { MSG } from '../../../shared/messages';
import { passwordRuleProblem } from '../../../shared/passwordPolicy';
import { AppError } from '../../platform/errors';

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/** Throws 400 with the rule's message when a new password breaks one. */
export function assertPasswordAllowed(
  password: string,
  identity: { username?: string | null; email?: string | null },
): void {
  const problem =
    passwordRuleProblem(password, identity) ??
    (isCommonPassword(password) ? MSG.passwordCommon : undefined);
  if (problem) throw new AppError('BAD_REQUEST', problem);
}
