// A trader's statement upload (issue 34): an MT5 or MT4 HTML report or a CSV of trades, sent with
// a progress bar to POST /api/contests/{id}/statements through the client's one upload request
// (uploadCsv). A file the parser refuses comes back with the server's message naming what was
// expected; a parsed one shows in the summary and the list once they are read again.
import { Button, Stack } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import type { TStatementView } from '../../../shared/schemas/trading';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { CsvFileInput } from '../submissions/CsvFileInput';
import { ProblemLines } from '../submissions/ProblemLines';
import { UploadProgress } from '../submissions/UploadProgress';
import { useFileUpload } from '../submissions/useFileUpload';
import { STATUS_LABELS } from './tradingDisplay';

const toasts = keyedToasts('statement');

/** The server's limit (MAX_STATEMENT_BYTES), asked first so a huge file is not sent in vain. */
const MAX_MB = 20;
const ACCEPT = '.htm,.html,.csv,text/html,text/csv';
const FALLBACK = 'The statement could not be sent';

export function StatementUploadForm({ contestId }: { contestId: number }) {
  // An upload is no tRPC mutation: the statements and the board are read again here.
  const utils = trpc.useUtils();
  const { file, share, refusal, setRefusal, picker, upload, choose, clear } = useFileUpload({
    maxMb: MAX_MB,
    words: {
      noFile: 'Choose the statement file',
      tooLarge: `The statement is larger than ${MAX_MB} MB`,
      fallback: FALLBACK,
    },
    onSettled: () => {
      void utils.trading.invalidate();
      void utils.leaderboard.invalidate();
    },
  });

  async function send(e: FormEvent) {
    e.preventDefault();
    const sent = await upload<TStatementView>(`/api/contests/${contestId}/statements`);
    if (!sent.ok) return setRefusal(sent.refusal);
    toasts.success('Statement received', `Status: ${STATUS_LABELS[sent.view.status]}`);
    clear();
  }

  return (
    <form noValidate aria-label="Upload a statement" onSubmit={(e) => void send(e)}>
      <Stack gap="3">
        <CsvFileInput
          key={picker}
          label="Statement file"
          accept={ACCEPT}
          helperText={`A MetaTrader 5 report or MetaTrader 4 statement saved as HTML, or a CSV of your trades in the template's layout (under Trading rules); at most ${MAX_MB} MB.`}
          onChange={choose}
          required
        />
        {share !== null ? <UploadProgress share={share} label="Sending the statement" /> : null}
        {refusal ? <ProblemLines refusal={refusal} label="Why the statement was refused" /> : null}
        <Button
          type="submit"
          colorPalette="purple"
          alignSelf="flex-start"
          disabled={!file}
          loading={share !== null}
        >
          Upload statement
        </Button>
      </Stack>
    </form>
  );
}
