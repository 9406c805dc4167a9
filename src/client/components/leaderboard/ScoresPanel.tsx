// The contest page's 'Scores' panel, for the contest's creator, moderators and admins (PRODUCT.md
// 'Taking part'): one score at a time, or a CSV of username,score pasted or read from a file,
// followed by a per-line report of what was refused and why.
import { Button, Card, Field, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useId, useState } from 'react';
import { toFormikValidationSchema } from 'zod-formik-adapter';
import { parseScore } from '../../../shared/leaderboard';
import { ZScoreEntryFormSchema, type TScoreEntryForm } from '../../../shared/schemas/participation';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { FormField } from '../common/FormField';
import { ResponsiveTable, type ResponsiveColumn } from '../common/ResponsiveTable';
import { pointsText } from './leaderboardDisplay';
import { importScoresCsv, type ReportLine, type ScoreReport } from './scoreImport';
import { FocusFirstError } from '../common/FocusFirstError';

const scoreToasts = keyedToasts('score');
const importToasts = keyedToasts('scoreImport');

function useSetScores(contestId: number) {
  const utils = trpc.useUtils();
  return trpc.leaderboard.setScores.useMutation({
    onSuccess: () => {
      void utils.leaderboard.invalidate();
      void utils.participation.status.invalidate({ contestId });
      void utils.me.invalidate();
    },
  });
}

const EMPTY_SCORE: TScoreEntryForm = { username: '', score: '' };

function OneScoreForm({ contestId }: { contestId: number }) {
  const setScores = useSetScores(contestId);
  return (
    <Formik
      initialValues={EMPTY_SCORE}
      validationSchema={toFormikValidationSchema(ZScoreEntryFormSchema)}
      onSubmit={async (values, { setFieldError, resetForm }) => {
        const username = values.username.trim();
        const score = parseScore(values.score) ?? 0;
        try {
          const answer = await setScores.mutateAsync({ contestId, scores: [{ username, score }] });
          const refusal = answer.refused[0];
          if (refusal) {
            setFieldError(refusal.reason === 'bad_score' ? 'score' : 'username', refusal.message);
            return;
          }
          scoreToasts.success('Score saved', `${username}: ${pointsText(score)}`);
          resetForm();
        } catch (error) {
          scoreToasts.error('Error', errorMessage(error, 'Failed to save the score'));
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-labelledby="one-score-heading">
          <FocusFirstError />
          <Stack gap="3">
            <Heading as="h3" size="sm" id="one-score-heading">
              Enter one score
            </Heading>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'flex-start' }}>
              <FormField name="username" label="Username" autoComplete="off" required />
              <FormField name="score" label="Score" inputMode="numeric" required />
            </Stack>
            <Button
              type="submit"
              colorPalette="purple"
              alignSelf="flex-start"
              loading={isSubmitting}
            >
              Save Score
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

const REPORT_COLUMNS: ResponsiveColumn<ReportLine>[] = [
  { key: 'line', header: 'Line', cell: (r) => r.line },
  { key: 'username', header: 'Username', cell: (r) => r.username },
  { key: 'reason', header: 'Reason', cell: (r) => r.message },
];

function Report({ report }: { report: ScoreReport }) {
  return (
    <Stack gap="2" aria-live="polite">
      <Text fontWeight="medium">
        {report.updated} {report.updated === 1 ? 'score' : 'scores'} updated,{' '}
        {report.refused.length} {report.refused.length === 1 ? 'line' : 'lines'} refused
      </Text>
      {report.refused.length ? (
        <ResponsiveTable
          caption="Refused lines"
          columns={REPORT_COLUMNS}
          rows={report.refused}
          rowKey={(r) => `${r.line}-${r.reason}`}
          cardTitle={(r) => `Line ${r.line}`}
          emptyText="Every line was accepted."
        />
      ) : null}
    </Stack>
  );
}

function CsvImport({ contestId }: { contestId: number }) {
  const textId = useId();
  const fileId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ScoreReport | null>(null);
  const setScores = useSetScores(contestId);

  async function readFile(file: File | undefined) {
    if (file) setText(await file.text());
  }

  async function submit() {
    if (!text.trim()) {
      importToasts.error('Nothing to import', 'Paste the scores or choose a CSV file first.');
      return;
    }
    setBusy(true);
    try {
      const result = await importScoresCsv(text, (scores) =>
        setScores.mutateAsync({ contestId, scores }),
      );
      setReport(result);
      if (result.updated > 0) {
        importToasts.success(
          'Scores updated',
          `${result.updated} updated, ${result.refused.length} refused.`,
        );
      } else {
        importToasts.error('No scores updated', 'Every line was refused: see the report.');
      }
    } catch (error) {
      importToasts.error('Error', errorMessage(error, 'Failed to import the scores'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack as="section" aria-labelledby="csv-scores-heading" gap="3">
      <Heading as="h3" size="sm" id="csv-scores-heading">
        Import a CSV
      </Heading>
      <Field.Root>
        <Field.Label htmlFor={textId}>Scores CSV</Field.Label>
        <Textarea
          id={textId}
          rows={6}
          fontFamily="mono"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={'username,score\nalice,120\nbob,95'}
        />
        <Field.HelperText>
          One username,score per line; a first line username,score is skipped.
        </Field.HelperText>
      </Field.Root>
      <Field.Root>
        <Field.Label htmlFor={fileId}>CSV file</Field.Label>
        <Input
          id={fileId}
          type="file"
          accept=".csv,text/csv,text/plain"
          p="1"
          onChange={(e) => void readFile(e.target.files?.[0])}
        />
      </Field.Root>
      <Button
        colorPalette="purple"
        alignSelf="flex-start"
        loading={busy}
        onClick={() => void submit()}
      >
        Import Scores
      </Button>
      {report ? <Report report={report} /> : null}
    </Stack>
  );
}

export function ScoresPanel({ contestId }: { contestId: number }) {
  return (
    <Card.Root as="section" aria-labelledby="scores-heading">
      <Card.Header>
        <Heading as="h2" size="md" id="scores-heading">
          Scores
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Scores are whole points; ranks follow at once (1, 2, 2, 4 for ties).
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="8">
          <OneScoreForm contestId={contestId} />
          <CsvImport contestId={contestId} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
