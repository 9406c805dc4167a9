// Where a sign-in returns to: the page a signed-out visitor opened (/auth?next=/contests/12). Both
// the client (after a password or two-factor sign-in) and the server (the OpenID callback) read
// the target through this one function, so only a path of this site is ever followed: an
// absolute or protocol-relative address, a backslash trick or a control character is refused.

/** The query parameter of /auth (and of the OpenID start address) that carries the target. */
export const RETURN_PARAM = 'next';

/** Where a sign-in lands when there is no (acceptable) target: the dashboard. */
export const DEFAULT_RETURN_PATH = '/';

/** Longer than any address of the app; a longer one is refused rather than cut. */
const MAX_LENGTH = 2000;

/**
 * The value when it is a path of this site ('/contests/12?tab=matches'), else null. It must
 * start with a single '/', and neither '//' nor '/\' (which browsers read as another host); no
 * backslash, whitespace or control character anywhere, and no scheme.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Backslashes count as slashes in browsers ('/\evil.com'); whitespace and control characters
  // are dropped by URL parsers ('/\t/evil.com' becomes '//evil.com').
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f-\u009f]/.test(value)) return null;
  // Nothing before the first '/' can be a scheme here, but a parser must agree it stays on this
  // site: resolved against a placeholder origin, the origin must not change.
  const base = 'http://return.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  // The sign-in page itself is no target: it would only send the visitor on again.
  if (url.pathname === '/auth') return null;
  return value;
}

/** The target of a query string ('?next=%2Fcontests%2F12'), or the dashboard. */
export function returnPathFromSearch(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? DEFAULT_RETURN_PATH;
}

/** /auth with the page to return to after signing in ('/' needs none). */
export function signInPathFor(target: string): string {
  const safe = safeReturnPath(target);
  if (!safe || safe === DEFAULT_RETURN_PATH) return '/auth';
  return `/auth?${RETURN_PARAM}=${encodeURIComponent(safe)}`;
}
