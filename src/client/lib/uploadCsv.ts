// Sends a CSV (a member's submission, an organiser's answer key) as multipart, with progress: the
// one XMLHttpRequest of the client, since fetch() cannot report an upload's progress and these
// files run to 200 MB. A refusal becomes a CsvRefusal carrying the server's message and, for a
// file that does not pass the check, each problem with its line (never a stack trace).

export interface ProblemLine {
  /** 1-based line of the file; null for a problem of the whole file (a missing column). */
  line: number | null;
  message: string;
}

/**
 * 'line 17: id 4411 appears twice': the server's messages name their line already; one that
 * does not (a problem of the whole file, or an older server's) gets it put in front.
 */
export function problemText(p: { line: number | null; message: string }): string {
  if (p.line === null || /^line \d+:/.test(p.message)) return p.message;
  return `line ${p.line}: ${p.message}`;
}

export class CsvRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The problems listed (the first 100), empty when the refusal is not about lines. */
    readonly lines: ProblemLine[] = [],
    /** How many problems in all. */
    readonly total: number = lines.length,
    /** The server's `reason` ('bad_submission', 'daily_limit', ...). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'CsvRefusal';
  }
}

interface RefusalBody {
  message?: unknown;
  reason?: unknown;
  lines?: unknown;
  total?: unknown;
}

function isLine(value: unknown): value is ProblemLine {
  const v = value as ProblemLine | null;
  return !!v && typeof v.message === 'string' && (v.line === null || typeof v.line === 'number');
}

/** The refusal an answer's status and body make; the fallback when the body says nothing. */
export function refusalOf(status: number, body: unknown, fallback: string): CsvRefusal {
  const b = (body ?? {}) as RefusalBody;
  const lines = Array.isArray(b.lines) ? b.lines.filter(isLine) : [];
  const total = typeof b.total === 'number' ? b.total : lines.length;
  const message =
    typeof b.message === 'string' && b.message.trim()
      ? b.message
      : status === 413
        ? 'The file is too large'
        : fallback;
  return new CsvRefusal(
    message,
    status,
    lines,
    total,
    typeof b.reason === 'string' ? b.reason : undefined,
  );
}

export interface CsvUpload {
  method: 'POST' | 'PUT';
  url: string;
  form: FormData;
  /** The share sent so far, 0 to 1. */
  onProgress?: (share: number) => void;
  /** What a refusal without a message says. */
  fallback: string;
}

/** Resolves with the answer's JSON (a 2xx); rejects with a CsvRefusal. */
export function uploadCsv<T>({ method, url, form, onProgress, fallback }: CsvUpload): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        /* not JSON (a proxy's page): the fallback says it */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(refusalOf(xhr.status, body, fallback));
    };
    xhr.onerror = () => reject(new CsvRefusal('The connection failed: try again', 0));
    xhr.onabort = () => reject(new CsvRefusal('The upload was cancelled', 0));
    xhr.send(form);
  });
}
