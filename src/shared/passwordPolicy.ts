// The password rules both sides check (PRODUCT.md 'Passwords'): SPEC 5's lengths live in the
// schemas; these are the rules beyond them that need no dictionary. The server also refuses
// very common passwords (domain/accounts/passwordPolicy.ts), which needs a 49,000-word list that the
// client only loads for its strength hint.
import { MSG } from './messages';

export function passwordRuleProblem(
  password: string,
  identity: { username?: string | null; email?: string | null } = {},
): string | undefined {
  if (password.length > 0 && password.trim().length === 0) return MSG.passwordBlank;
  const lower = password.trim().toLowerCase();
  if (identity.username && lower === identity.username.trim().toLowerCase()) {
    return MSG.passwordIsUsername;
  }
  if (identity.email) {
    const email = identity.email.trim().toLowerCase();
    if (lower === email || (email.includes('@') && lower === email.split('@')[0])) {
      return MSG.passwordIsEmail;
    }
  }
  return undefined;
}
