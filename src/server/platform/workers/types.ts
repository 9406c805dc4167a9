// What the pool and its workers say to each other, and how a job can fail.

/** The tasks a worker entry serves: each takes its input and answers (or throws). */
export type WorkerTasks = Record<string, (input: never) => unknown>;

/** A job sent to a worker. */
export interface JobMessage {
  id: number;
  task: string;
  input: unknown;
}

/** A worker says it can take jobs: its entry has loaded (a job's time counts from then). */
export interface ReadyMessage {
  ready: true;
}

/** A worker's answer to one job. */
export type AnswerMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string; expected: boolean };

/**
 * Why a job gave no answer: it ran past its time, past its memory, its worker died, the task
 * refused its input (an error the task meant: `failed`, with the task's message), the task broke
 * (`crashed`), or the pool was closed first.
 */
export type WorkerFailure = 'timeout' | 'memory' | 'crashed' | 'failed' | 'closed';

export class WorkerJobError extends Error {
  constructor(
    readonly failure: WorkerFailure,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerJobError';
  }
}

/**
 * An error a task throws on purpose (bad input it found): its message reaches the caller as a
 * `failed` job, worded for the person who sent the input. Any other error is `crashed`, and its
 * message stays in the log.
 */
export class TaskRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TaskRefusal';
  }
}
