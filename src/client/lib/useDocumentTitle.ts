// The platform's name (settings.siteName) and the document title built from it, 'Users · Acme Arena'.
import { useEffect } from 'react';
import { DEFAULT_SITE_NAME } from '../../shared/platformName';
import { trpc } from './trpc';

/** The name the admin gave the platform; the default until the public settings have loaded. */
export function useSiteName(): string {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: Infinity });
  return settings.data?.siteName ?? DEFAULT_SITE_NAME;
}

/** Names the browser tab after the page, then the platform (PRODUCT.md 'Navigation'). */
export function useDocumentTitle(title: string) {
  const siteName = useSiteName();
  useEffect(() => {
    document.title = `${title} · ${siteName}`;
  }, [title, siteName]);
}
