// /auth after a trip to an OpenID provider (?oidc=...): the refusal to explain, or the short
// follow-up form shown in place of the sign-in tabs. The forms' code loads only then.
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'wouter';
import { trpc } from '../../lib/trpc';

const OidcFollowUp = lazy(() =>
  import('./OidcFollowUp').then((m) => ({ default: m.OidcFollowUp })),
);

const FORMS = new Set(['username', 'confirm']);

function useOidcParam(): string | null {
  const [params] = useSearchParams();
  return params.get('oidc');
}

/** Whether a follow-up form takes the sign-in tabs' place (hide them while it does). */
export function useOidcFollowUpShown(): boolean {
  const param = useOidcParam();
  const flow = trpc.oidc.flow.useQuery(undefined, {
    staleTime: 0,
    enabled: param !== null && FORMS.has(param),
  });
  if (param === null || !FORMS.has(param)) return false;
  return flow.isLoading || (flow.data ? FORMS.has(flow.data.kind) : false);
}

/** The follow-up form or the refusal, where /auth shows it; nothing without ?oidc=. */
export function OidcFollowUpSlot() {
  if (!useOidcParam()) return null;
  return (
    <Suspense fallback={null}>
      <OidcFollowUp />
    </Suspense>
  );
}
