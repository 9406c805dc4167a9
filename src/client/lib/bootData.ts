// What the server put into index.html for the first screen (src/server/static.ts): the public
// settings, given to react-query as settings.public's answer so no screen waits for a request,
// and whether the page was asked for without any session cookie.
import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { TPublicSettings } from '../../shared/schemas/settings';
import { trpc } from './trpc';

function injectedSettings(): TPublicSettings | undefined {
  const text = document.getElementById('public-settings')?.textContent;
  if (!text) return undefined; // the Vite dev server's page: settings.public is fetched
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as TPublicSettings) : undefined;
  } catch {
    return undefined;
  }
}

/** Seeds settings.public from the page; an invalidation (an admin's save) still refetches it. */
export function seedPublicSettings(queryClient: QueryClient): void {
  const settings = injectedSettings();
  if (settings) {
    queryClient.setQueryData(getQueryKey(trpc.settings.public, undefined, 'query'), settings);
  }
}

/**
 * True when the page was asked for without a session cookie: no one was signed in, so /auth
 * shows its form without waiting for auth.me (and still moves on if auth.me finds a user).
 */
export function loadedWithoutSession(): boolean {
  return document.querySelector('meta[name="session"]')?.getAttribute('content') === 'none';
}
