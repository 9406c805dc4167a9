import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './tests/helpers/longFilesFirst';

const SERVER_SUITES = [
  'tests/server/**/*.test.ts',
  'tests/rest/**/*.test.ts',
  'tests/fuzz/**/*.test.ts',
];

export default defineConfig({
  test: {
    // Suites hash passwords at a low cost injected by tests/helpers/db.ts (testPasswords); the
    // product reads no variable for it.
    env: { LOG_LEVEL: 'silent' },
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: SERVER_SUITES,
          // SQLite, whatever the shell's DATABASE_URL says.
          env: { DATABASE_URL: '' },
          environment: 'node',
          testTimeout: 20_000,
          // Two files at a time: each has its own database, and much of a file is waiting on
          // I/O (sockets, child processes, hashing in the pool). 535 s one at a time, 341 s two.
          maxWorkers: 2,
          // A worker keeps its modules from one file to the next: each file makes its own
          // database and server, and nothing of the app is global but what those carry. Loading
          // the app again for each of ~160 files cost about 220 s of the pass's worker time.
          isolate: false,
        },
      },
      {
        // The same server suites on PostgreSQL: a throw-away cluster started by the global setup
        // (scripts/test.mjs runs this only when Debian's postgresql binaries are installed).
        extends: true,
        test: {
          name: 'server-pg',
          include: SERVER_SUITES,
          // SQLite's own query plans (EXPLAIN QUERY PLAN on its connection): nothing to ask of
          // PostgreSQL there.
          exclude: ['tests/server/contestQueryPlans.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/pgGlobalSetup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // As the SQLite pass: each file has its own database copied from the template.
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          env: { DATABASE_URL: '' },
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time, each with its own server and browser: much of a browser test
          // is waiting (toasts, animations, round trips), so two cores carry two files. The
          // suite took 647 s one at a time and 413 s two at a time on the 2-core machine.
          fileParallelism: true,
          maxWorkers: 2,
          // As the server passes: each file has its own server and browser; the modules stay.
          isolate: false,
        },
      },
    ],
  },
});
