// The organiser's part of a submission contest (issue 31 'Evaluation settings', 'Organiser's
// view'): the settings with the answer key, what the key holds, re-scoring and publishing, and
// every submission. Shown to the contest's creator, its moderators and admins.
import { Text } from '@chakra-ui/react';
import type { TEvaluationView } from '../../../shared/schemas/submissions';
import { SubSection } from '../common/SubSection';
import { TitledCard } from '../common/TitledCard';
import { AllSubmissions } from './AllSubmissions';
import { EvaluationActions } from './EvaluationActions';
import { EvaluationForm } from './EvaluationForm';
import { KeySummary } from './KeySummary';

export function EvaluationPanel({ contestId, view }: { contestId: number; view: TEvaluationView }) {
  const locked = view.published;
  // The organiser reads the key's summary once settings were saved: before, the form starts empty.
  const saved = view.key ? view : null;
  return (
    <TitledCard title="Evaluation" headingId="evaluation-heading" as="section" bodyGap="6">
      {view.key ? <KeySummary keyInfo={view.key} publicFraction={view.publicFraction} /> : null}
      <EvaluationActions view={view} />
      {locked ? (
        <Text fontSize="sm" color="fg.muted">
          The settings cannot change once the private board is published.
        </Text>
      ) : (
        <SubSection gap="3" title={view.keyReady ? 'Settings' : 'Set up scoring'}>
          {!view.keyReady ? (
            <Text fontSize="sm" color="fg.muted">
              Members can submit once the metric is chosen and the answer key is uploaded.
            </Text>
          ) : null}
          <EvaluationForm contestId={contestId} view={saved} />
        </SubSection>
      )}
      <SubSection gap="3" title="All submissions">
        <AllSubmissions contestId={contestId} />
      </SubSection>
    </TitledCard>
  );
}
