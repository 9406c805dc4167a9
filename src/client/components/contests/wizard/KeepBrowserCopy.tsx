// Writes the member wizard's values to the browser copy (contestDraft) as they change; renders
// nothing. Untouched defaults are not worth a copy.
import { useFormikContext } from 'formik';
import { useEffect } from 'react';
import { browserStorage, writeBrowserDraft } from './browserDraft';
import type { WizardValues } from './formValues';

export function KeepBrowserCopy({
  userId,
  step,
  draftId,
}: {
  userId: number;
  step: number;
  draftId: number | null;
}) {
  const { values, dirty } = useFormikContext<WizardValues>();
  useEffect(() => {
    if (!dirty && step === 0 && draftId === null) return;
    writeBrowserDraft(browserStorage(), { userId, draftId, step, savedAt: Date.now(), values });
  }, [values, dirty, step, draftId, userId]);
  return null;
}
