// Where a sign-in returns to (src/shared/returnPath.ts): only a path of this site, whatever an
// attacker puts in ?next=.
import { describe, expect, it } from 'vitest';
import { returnPathFromSearch, safeReturnPath, signInPathFor } from '../../src/shared/returnPath';

describe('safeReturnPath', () => {
  it.each([
    '/',
    '/contests/12',
    '/contests/12?tab=matches',
    '/admin/outbox#top',
    '/education/how-to-trade',
    '/contests/12?next=https://evil.example',
    '/a/%2F%2Fevil.example',
  ])('keeps the path of this site %j', (value) => {
    expect(safeReturnPath(value)).toBe(value);
  });

  it.each([
    // Another site, written every way a browser would follow.
    'https://evil.example/contests/12',
    'http://evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:someone@example.com',
    // Whitespace and control characters that URL parsers drop.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    ' /contests/12',
    '/contests/12\u0000',
    '/contests\u007f',
    '/contests\u0085',
    // Not a path at all.
    '',
    'contests/12',
    '.',
    '?next=/',
    '#/contests',
    // The sign-in page would only send the visitor on again.
    '/auth',
    '/auth?next=/contests/12',
    // Longer than any address of the app.
    `/${'a'.repeat(2001)}`,
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it.each([undefined, null, 12, ['/contests/12'], { path: '/' }])(
    'refuses a non-string %j',
    (v) => {
      expect(safeReturnPath(v)).toBeNull();
    },
  );
});

describe('returnPathFromSearch', () => {
  it('reads ?next= and falls back to the dashboard', () => {
    expect(returnPathFromSearch('?next=%2Fcontests%2F12')).toBe('/contests/12');
    expect(returnPathFromSearch('?next=%2F%2Fevil.example')).toBe('/');
    expect(returnPathFromSearch('?next=https%3A%2F%2Fevil.example')).toBe('/');
    expect(returnPathFromSearch('?twoFactor=alice')).toBe('/');
    expect(returnPathFromSearch('')).toBe('/');
  });
});

describe('signInPathFor', () => {
  it('names the page to return to, except the dashboard', () => {
    expect(signInPathFor('/contests/12?tab=matches')).toBe(
      '/auth?next=%2Fcontests%2F12%3Ftab%3Dmatches',
    );
    expect(signInPathFor('/')).toBe('/auth');
    expect(signInPathFor('//evil.example')).toBe('/auth');
  });

  it('round-trips through the query string', () => {
    const path = '/contests/12?tab=matches&x=%20y';
    expect(returnPathFromSearch(signInPathFor(path).slice('/auth'.length))).toBe(path);
  });
});
