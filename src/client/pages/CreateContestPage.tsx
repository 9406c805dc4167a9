// /contests/create (SPEC 2.6): the member wizard. It starts from the server draft named by
// ?draft={id}, else from the browser copy (contestDraft), else from SPEC 9's defaults. Of a
// server draft and a browser copy of it, the newer wins: the copy holds what was typed since.
import { Alert, Button, Spinner, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import type { TUser } from '../../shared/schemas/auth';
import type { TContest } from '../../shared/schemas/contests';
import {
  browserStorage,
  clearBrowserDraft,
  readBrowserDraft,
  type BrowserDraft,
} from '../components/contests/wizard/browserDraft';
import { ContestWizard, type WizardStart } from '../components/contests/wizard/ContestWizard';
import { valuesFromContest } from '../components/contests/wizard/formValues';
import { MEMBER_WIZARD } from '../components/contests/wizard/variants';
import { trpc } from '../lib/trpc';
import { WizardPageHeader } from '../components/contests/wizard/WizardPageHeader';

const variant = MEMBER_WIZARD;
const STEPS = variant.stepTitles.length;

function draftParam(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** Where the wizard starts, and what to tell the member about it. */
function startFrom(
  draft: TContest | null,
  copy: BrowserDraft | null,
): { start: WizardStart; notice: 'draft' | 'copy' | null } {
  if (draft) {
    const sameDraft = copy?.draftId === draft.id;
    const copyIsNewer = sameDraft && copy.savedAt >= draft.updatedAt.getTime();
    return {
      start: {
        values: copyIsNewer
          ? copy.values
          : {
              ...valuesFromContest(draft, variant.initialValues),
              // The server draft does not keep a submission contest's evaluation settings.
              ...(sameDraft ? { evaluation: copy.values.evaluation } : {}),
            },
        step: sameDraft ? copy.step : 0,
        draftId: draft.id,
      },
      notice: 'draft',
    };
  }
  if (copy) return { start: { ...copy }, notice: 'copy' };
  return { start: { values: variant.initialValues, step: 0, draftId: null }, notice: null };
}

export function CreateContestPage({ user }: { user: TUser }) {
  const [params, setParams] = useSearchParams();
  // Read once: the wizard itself writes ?draft= after its first save, which must not restart it.
  const [session, setSession] = useState(() => ({
    key: 0,
    draftId: draftParam(params.get('draft')),
    copy: readBrowserDraft(browserStorage(), user.id, STEPS),
  }));
  const requested = session.draftId ?? session.copy?.draftId ?? null;
  const draft = trpc.contests.get.useQuery(
    { idOrSlug: requested ?? 0 },
    // Always the stored draft as it is now, never a copy cached from an earlier visit.
    { enabled: requested !== null, staleTime: 0, gcTime: 0 },
  );

  // A draft resumed from the browser copy is named in the address too, as one saved here is.
  const resumedId = draft.data?.status === 'draft' ? draft.data.id : null;
  const inUrl = params.get('draft');
  useEffect(() => {
    if (resumedId !== null && inUrl !== String(resumedId)) {
      setParams({ draft: String(resumedId) }, { replace: true });
    }
  }, [resumedId, inUrl, setParams]);

  const startOver = () => {
    clearBrowserDraft(browserStorage());
    setParams({}, { replace: true });
    setSession((s) => ({ key: s.key + 1, draftId: null, copy: null }));
  };
  const showDraftInUrl = (id: number) => setParams({ draft: String(id) }, { replace: true });

  let body;
  if (requested !== null && draft.isLoading) {
    body = <Spinner aria-label="Loading draft" />;
  } else if (requested !== null && (!draft.data || draft.data.status !== 'draft')) {
    body = (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Draft not found</Alert.Title>
          <Alert.Description>
            This draft does not exist any more, or it has already been submitted.
          </Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={startOver}>
          Start a new contest
        </Button>
      </Alert.Root>
    );
  } else {
    const { start, notice } = startFrom(draft.data ?? null, session.copy);
    body = (
      <Stack gap="4">
        {notice ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {notice === 'draft'
                  ? `Continuing your draft${draft.data?.title ? ` "${draft.data.title}"` : ''}`
                  : 'Your unsaved contest was restored'}
              </Alert.Title>
            </Alert.Content>
            <Button size="sm" variant="outline" onClick={startOver}>
              Start over
            </Button>
          </Alert.Root>
        ) : null}
        <ContestWizard
          key={session.key}
          variant={variant}
          start={start}
          userId={user.id}
          onNewDraft={showDraftInUrl}
        />
      </Stack>
    );
  }

  return (
    <>
      <WizardPageHeader variant={variant} subtitle="Set up your contest in five steps." />
      {body}
    </>
  );
}
