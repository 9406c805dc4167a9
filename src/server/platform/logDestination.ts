// Where log lines go: gathered in memory and written to a file descriptor in batches after the
// current turn of the event loop (one write per batch, off the request's path). A destination
// that breaks (EPIPE: whatever read our stdout has gone) never throws and never blocks: logging
// stops and the server carries on, so a SIGTERM still ends it. pino's own async destination
// retries a broken pipe forever when flushed at exit, which kept such a server alive.
import fs from 'node:fs';

export interface LogDestination {
  write(line: string): void;
  /** Writes what is gathered now (before exit); gives up quietly on a broken destination. */
  flushSync(): void;
  /** Lines dropped because the destination broke or stayed full. */
  readonly dropped: number;
}

/** A batch this large is written at once rather than at the end of the turn. */
const BATCH_BYTES = 64 * 1024;
/** How much may wait while the destination is full (EAGAIN); beyond it lines are dropped. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;
const FULL_RETRY_MS = 20;

export function createLogDestination(fd = 1): LogDestination {
  let lines: string[] = [];
  let bytes = 0;
  let scheduled = false;
  let broken = false;
  let dropped = 0;

  const drop = () => {
    dropped += lines.length;
    lines = [];
    bytes = 0;
  };

  /** Writes the batch; true when done or dropped, false when the destination is full for now. */
  const writeBatch = (): boolean => {
    if (!lines.length) return true;
    let buf = Buffer.from(lines.join(''));
    try {
      while (buf.length) buf = buf.subarray(fs.writeSync(fd, buf));
      lines = [];
      bytes = 0;
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
        // Keep what is left of the batch (a partial write already went out).
        lines = [buf.toString()];
        bytes = buf.length;
        return false;
      }
      broken = true;
      drop();
      return true;
    }
  };

  const flushLater = (delay?: number) => {
    if (scheduled) return;
    scheduled = true;
    const run = () => {
      scheduled = false;
      if (!writeBatch()) flushLater(FULL_RETRY_MS);
    };
    if (delay) setTimeout(run, delay).unref();
    else setImmediate(run).unref();
  };

  return {
    write(line) {
      if (broken) {
        dropped++;
        return;
      }
      if (bytes > MAX_PENDING_BYTES) {
        dropped++;
        return;
      }
      lines.push(line);
      bytes += line.length;
      if (bytes >= BATCH_BYTES) writeBatch();
      flushLater();
    },
    flushSync() {
      // A full destination gets a few short tries, never an unbounded wait.
      for (let tries = 0; tries < 50 && !broken && !writeBatch(); tries++) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      }
      if (lines.length) drop();
    },
    get dropped() {
      return dropped;
    },
  };
}
