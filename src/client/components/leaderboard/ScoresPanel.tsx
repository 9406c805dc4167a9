// The contest page's 'Scores' panel, for the contest's creator, moderators and admins (PRODUCT.md
// 'Taking part'): one score at a time, or a CSV of username,score pasted or read from a file,
// applied whole or not at all, with a per-line report of what was refused and why. Scores take
// the contest's decimals.
import { Button, Card, Field, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useId, useMemo, useState } from 'react';
import { SCORE_ORDER_LABELS } from '../../../shared/contests';
import { parseScore } from '../../../shared/leaderboard';
import type { TContest } from '../../../shared/schemas/contests';
import { scoreEntryFormSchema, type TScoreEntryForm } from '../../../shared/schemas/participation';
import { errorMessage } from '../../lib/errors';
import { useMarkStale } from '../../lib/invalidation';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { FormField } from '../common/FormField';
import { ResponsiveTable, type ResponsiveColumn } from '../common/ResponsiveTable';
import { pointsText } from './leaderboardDisplay';
import { uploadScoresCsv, type ReportLine, type ScoreReport } from './scoreImport';
import { FocusFirstError } from '../common/FocusFirstError';

const scoreToasts = keyedToasts('score');
const importToasts = keyedToasts('scoreImport');

const EMPTY_SCORE: TScoreEntryForm = { username: '', score: '' };

type ScoredContest = Pick<TContest, 'id' | 'scoreDecimals' | 'scoreOrder'>;

function OneScoreForm({ contest }: { contest: ScoredContest }) {
  const contestId = contest.id;
  const decimals = contest.scoreDecimals;
  const setScores = trpc.leaderboard.setScores.useMutation({
    onError: (error) => scoreToasts.error('Error', errorMessage(error, 'Failed to save the score')),
  });
  const schema = useMemo(() => scoreEntryFormSchema(decimals), [decimals]);
  const form = useZodForm({
    initialValues: EMPTY_SCORE,
    schema,
    // Sent as typed ('12.50'): the server reads the digits, never a float's rounding.
    submit: (values) =>
      setScores.mutateAsync({
        contestId,
        source: 'form',
        scores: [{ username: values.username.trim(), score: String(values.score).trim() }],
      }),
    // A refused line is an answer, not an error: its message goes beside the field it is about.
    onSuccess: (answer, { setFieldError, resetForm }, values) => {
      const refusal = answer.refused[0];
      if (refusal) {
        const onScore = refusal.reason === 'bad_score' || refusal.reason === 'bad_decimals';
        setFieldError(onScore ? 'score' : 'username', refusal.message);
        return;
      }
      const score = String(values.score).trim();
      scoreToasts.success(
        'Score saved',
        `${values.username.trim()}: ${pointsText(parseScore(score, decimals), decimals)}`,
      );
      resetForm();
    },
  });
  return (
    <Formik {...form}>
      {({ isSubmitting }) => (
        <Form noValidate aria-labelledby="one-score-heading">
          <FocusFirstError />
          <Stack gap="3">
            <Heading as="h3" size="sm" id="one-score-heading">
              Enter one score
            </Heading>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'flex-start' }}>
              <FormField name="username" label="Username" autoComplete="off" required />
              <FormField
                name="score"
                label="Score"
                inputMode={decimals ? 'decimal' : 'numeric'}
                helperText={
                  decimals
                    ? `Up to ${decimals} decimals, e.g. ${(12.5).toFixed(decimals)}`
                    : 'A whole number'
                }
                required
              />
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
  if (report.stored) {
    return (
      <Text fontWeight="medium" aria-live="polite">
        {report.updated} {report.updated === 1 ? 'score' : 'scores'} updated. Every line was
        accepted.
      </Text>
    );
  }
  const listed = report.refused.length;
  return (
    <Stack gap="2" aria-live="polite">
      <Text fontWeight="medium">
        {report.message}. Fix {report.total === 1 ? 'it' : 'them'} and import the file again.
      </Text>
      {listed < report.total ? (
        <Text color="fg.muted" fontSize="sm">
          The first {listed.toLocaleString('en-US')} are listed.
        </Text>
      ) : null}
      <ResponsiveTable
        caption="Refused lines"
        columns={REPORT_COLUMNS}
        rows={report.refused}
        rowKey={(r) => `${r.line}-${r.reason}`}
        cardTitle={(r) => `Line ${r.line}`}
        emptyText="Every line was accepted."
      />
    </Stack>
  );
}

function CsvImport({ contest }: { contest: ScoredContest }) {
  const contestId = contest.id;
  const textId = useId();
  const fileId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ScoreReport | null>(null);
  const markStale = useMarkStale();

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
      const result = await uploadScoresCsv(contestId, text);
      setReport(result);
      if (result.stored) {
        // The upload changes what setScores changes (lib/invalidation).
        markStale('leaderboard.setScores');
        importToasts.success(
          'Scores updated',
          `${result.updated} ${result.updated === 1 ? 'score' : 'scores'} updated.`,
        );
      } else {
        importToasts.error('No scores updated', `${result.message}: see the report.`);
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
          One username,score per line; a first line username,score is skipped. The file is applied
          whole or not at all: any refused line stores nothing.
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

/** What the panel says about this contest's scores ('Up to 2 decimals; lower is better.'). */
export function scoringRules(contest: Pick<TContest, 'scoreDecimals' | 'scoreOrder'>): string {
  const d = contest.scoreDecimals;
  const precision = d === 0 ? 'Scores are whole points' : `Scores take up to ${d} decimals`;
  return `${precision}; ${SCORE_ORDER_LABELS[contest.scoreOrder].toLowerCase()}. Ranks follow at once (1, 2, 2, 4 for ties).`;
}

export function ScoresPanel({ contest }: { contest: ScoredContest }) {
  return (
    <Card.Root as="section" aria-labelledby="scores-heading">
      <Card.Header>
        <Heading as="h2" size="md" id="scores-heading">
          Scores
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {scoringRules(contest)}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="8">
          <OneScoreForm contest={contest} />
          <CsvImport contest={contest} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
