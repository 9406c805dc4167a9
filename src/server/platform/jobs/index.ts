// Background jobs: every loop that runs beside the requests (the mail sender, reminders, the
// bracket starts, the upload clean-up, scheduled backups) is a Job run by the one runner.
export type { Job, LeaseName } from './job';
export { runOnce } from './lease';
export { createJobRunner, type JobHandle, type JobRunner, type StopOptions } from './runner';
