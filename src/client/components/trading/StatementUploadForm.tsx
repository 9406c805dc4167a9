// A trader's statement upload (issue 34): an MT5 or MT4 HTML report or a CSV of trades, sent with
// a progress bar to POST /api/contests/{id}/statements through the client's one upload request
// (uploadCsv). A file the parser refuses comes back with the server's message naming what was
// expected; a parsed one shows in the summary and the list once they are read again.
import { Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { TStatementView } from '../../../shared/schemas/trading';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { CsvRefusal, uploadCsv } from '../../lib/uploadCsv';
import { CsvFileInput } from '../submissions/CsvFileInput';
import { ProblemLines } from '../submissions/ProblemLines';
import { UploadProgress } from '../submissions/UploadProgress';
import { STATUS_LABELS } from './tradingDisplay';

const toasts = keyedToasts('statement');

/** The server's limit (MAX_STATEMENT_BYTES), asked first so a huge file is not sent in vain. */
const MAX_MB = 20;
const ACCEPT = '.htm,.html,.csv,text/html,text/csv';
const FALLBACK = 'The statement could not be sent';

export function StatementUploadForm({ contestId }: { contestId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [share, setShare] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<CsvRefusal | null>(null);
  const [picker, setPicker] = useState(0);
  // An upload is no tRPC mutation: the statements and the board are read again here.
  const utils = trpc.useUtils();

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!file) return setRefusal(new CsvRefusal('Choose the statement file', 0));
    if (file.size > MAX_MB * 1024 * 1024) {
      return setRefusal(new CsvRefusal(`The statement is larger than ${MAX_MB} MB`, 413));
    }
    const form = new FormData();
    form.append('file', file);
    setRefusal(null);
    setShare(0);
    try {
      const view = await uploadCsv<TStatementView>({
        method: 'POST',
        url: `/api/contests/${contestId}/statements`,
        form,
        onProgress: setShare,
        fallback: FALLBACK,
      });
      toasts.success('Statement received', `Status: ${STATUS_LABELS[view.status]}`);
      setFile(null);
      setPicker((n) => n + 1);
    } catch (error) {
      setRefusal(error instanceof CsvRefusal ? error : new CsvRefusal(FALLBACK, 0));
    } finally {
      setShare(null);
      void utils.trading.invalidate();
      void utils.leaderboard.invalidate();
    }
  }

  return (
    <form noValidate aria-label="Upload a statement" onSubmit={(e) => void send(e)}>
      <Stack gap="3">
        <CsvFileInput
          key={picker}
          label="Statement file"
          accept={ACCEPT}
          helperText={`A MetaTrader 5 report or MetaTrader 4 statement saved as HTML, or a CSV of your trades in the template's layout (under Trading rules); at most ${MAX_MB} MB.`}
          onChange={(f) => {
            setFile(f);
            setRefusal(null);
          }}
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
