// Inside a worker: answers the pool's jobs with the entry's tasks, one job at a time.
import { isMainThread, parentPort } from 'node:worker_threads';
import {
  TaskRefusal,
  type AnswerMessage,
  type JobMessage,
  type ReadyMessage,
  type WorkerTasks,
} from './types';

/** Call once from a worker entry module with its tasks. */
export function serveTasks(tasks: WorkerTasks): void {
  if (isMainThread || !parentPort) throw new Error('serveTasks runs inside a worker thread');
  const port = parentPort;
  port.on('message', async (job: JobMessage) => {
    let answer: AnswerMessage;
    try {
      const task = tasks[job.task];
      if (!task) throw new Error(`No task named ${job.task}`);
      answer = { id: job.id, ok: true, value: await task(job.input as never) };
    } catch (error) {
      const expected = error instanceof TaskRefusal;
      const message = error instanceof Error ? error.message : String(error);
      answer = { id: job.id, ok: false, message, expected };
    }
    port.postMessage(answer);
  });
  const ready: ReadyMessage = { ready: true };
  port.postMessage(ready);
}
