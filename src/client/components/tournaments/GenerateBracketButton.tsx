// The organiser's 'Generate bracket' (or 'Regenerate bracket', after a confirmation, while no
// result is in), in the organiser's toolbar at the top of the contest page.
import { Button, Text } from '@chakra-ui/react';
import { RefreshCw, Wand2 } from 'lucide-react';
import { useState } from 'react';
import type { TBracket } from '../../../shared/schemas/tournaments';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { GenerateBracketDialog } from './GenerateBracketDialog';
import { useEntrants } from './useEntrants';

export function GenerateBracketButton({
  bracket,
  contestId,
}: {
  bracket: TBracket;
  contestId: number;
}) {
  const [step, setStep] = useState<'closed' | 'confirm' | 'dialog'>('closed');
  const entrants = useEntrants(contestId, bracket, step === 'dialog');
  if (!bracket.isOrganiser) return null;
  if (bracket.generated && !bracket.canRegenerate) return null;
  const regenerate = bracket.generated;
  return (
    <>
      <Button
        size="sm"
        variant={regenerate ? 'outline' : 'solid'}
        colorPalette="purple"
        onClick={() => setStep(regenerate ? 'confirm' : 'dialog')}
      >
        {regenerate ? <RefreshCw size={16} aria-hidden /> : <Wand2 size={16} aria-hidden />}
        {regenerate ? 'Regenerate bracket' : 'Generate bracket'}
      </Button>
      <ConfirmDialog
        open={step === 'confirm'}
        onClose={() => setStep('closed')}
        title="Regenerate the bracket?"
        confirmLabel="Continue"
        colorPalette="red"
        onConfirm={() => setStep('dialog')}
      >
        <Text>
          The current bracket and its pairings are replaced by new ones. This is possible only until
          the first result is in.
        </Text>
      </ConfirmDialog>
      {step === 'dialog' && entrants.ready ? (
        <GenerateBracketDialog
          open
          onClose={() => setStep('closed')}
          contestId={contestId}
          regenerate={regenerate}
          entrants={entrants.list}
        />
      ) : null}
    </>
  );
}
