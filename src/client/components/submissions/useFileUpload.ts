// A form that sends one file with a progress bar (a submission, a trader's statement): the file
// chosen, how much is sent, the refusal to show, and the picker's key (a new key empties the
// picker after a success). `upload` checks the file's presence and size before sending, so a huge
// file is not sent in vain, and hands a refusal back rather than throwing it: each form says
// when to show it.
import { useState } from 'react';
import { CsvRefusal, uploadCsv } from '../../lib/uploadCsv';

export type Uploaded<T> = { ok: true; view: T } | { ok: false; refusal: CsvRefusal };

interface Options {
  /** The server's limit, asked first. */
  maxMb: number;
  /** The refusals of no file, of a file over the limit, and of an answer without a message. */
  words: { noFile: string; tooLarge: string; fallback: string };
  /** After every send, sent or not (an upload is no tRPC mutation: what it changed is read again). */
  onSettled: () => void;
}

export function useFileUpload({ maxMb, words, onSettled }: Options) {
  const [file, setFile] = useState<File | null>(null);
  const [share, setShare] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<CsvRefusal | null>(null);
  const [picker, setPicker] = useState(0);

  /** POSTs the file to `url`, after `fields` (the server reads the fields before the bytes). */
  async function upload<T>(url: string, fields: Record<string, string> = {}): Promise<Uploaded<T>> {
    if (!file) return { ok: false, refusal: new CsvRefusal(words.noFile, 0) };
    if (file.size > maxMb * 1024 * 1024) {
      return { ok: false, refusal: new CsvRefusal(words.tooLarge, 413) };
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    setRefusal(null);
    setShare(0);
    try {
      const view = await uploadCsv<T>({
        method: 'POST',
        url,
        form,
        onProgress: setShare,
        fallback: words.fallback,
      });
      return { ok: true, view };
    } catch (error) {
      const fallback = new CsvRefusal(words.fallback, 0);
      return { ok: false, refusal: error instanceof CsvRefusal ? error : fallback };
    } finally {
      setShare(null);
      onSettled();
    }
  }

  return {
    file,
    share,
    refusal,
    setRefusal,
    picker,
    upload,
    /** The picker's change: a new file, and no old refusal beside it. */
    choose: (chosen: File | null) => {
      setFile(chosen);
      setRefusal(null);
    },
    /** After a success: no file, and an empty picker. */
    clear: () => {
      setFile(null);
      setPicker((n) => n + 1);
    },
  };
}
