// Server drafts of the member wizard (SPEC 2.6: Save Draft, and a save after each Next). Saves
// run one after another, so the first one's new draft id is known before the next is sent: two
// quick Nexts never make two drafts.
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { keyedToasts } from '../../../lib/toaster';
import { trpc } from '../../../lib/trpc';
import { draftPayload, type WizardValues } from './formValues';

// Shared with the wizard's 'Draft saved': a save that works closes an earlier 'Draft not saved'.
const draftToasts = keyedToasts('contestDraft');

export interface DraftSaveResult {
  /** Fields left out of the save because what they hold is not valid yet. */
  skipped: string[];
}

export function useDraftSaver(initialId: number | null, onNewDraft?: (id: number) => void) {
  const mutation = trpc.contests.saveDraft.useMutation();
  const idRef = useRef(initialId);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [draftId, setDraftId] = useState(initialId);
  const [savedAt, setSavedAt] = useState<Date | null>(null);

  /** Saves what the form holds now, after any save still on its way. */
  const save = (values: WizardValues): Promise<DraftSaveResult | null> => {
    const { payload, skipped } = draftPayload(values);
    const run = queue.current.then(async () => {
      try {
        const saved = await mutation.mutateAsync({ ...payload, id: idRef.current ?? undefined });
        const isNew = idRef.current !== saved.id;
        idRef.current = saved.id;
        setDraftId(saved.id);
        setSavedAt(saved.updatedAt);
        if (isNew) onNewDraft?.(saved.id);
        draftToasts.dismiss();
        return { skipped };
      } catch (error) {
        draftToasts.error('Draft not saved', errorMessage(error, 'Failed to save draft'));
        return null;
      }
    });
    queue.current = run;
    return run;
  };

  /** The draft's id once every save sent so far has finished (for Submit, which uses it). */
  const settledId = async (): Promise<number | null> => {
    await queue.current;
    return idRef.current;
  };

  return { draftId, savedAt, saving: mutation.isPending, save, settledId };
}
