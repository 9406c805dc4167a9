// The frame of the pages shown outside the app's layout (sign-in, 404, maintenance, /debug): the
// skip link, one <main>, and the document title, as every page inside the layout has them.
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { MainLandmark, SkipLink } from './MainLandmark';

export function BarePage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <>
      <SkipLink />
      <MainLandmark minH="100vh">{children}</MainLandmark>
    </>
  );
}
