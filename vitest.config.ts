import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Suites hash passwords at a low cost injected by tests/helpers/db.ts (testPasswords); the
    // product reads no variable for it.
    env: { LOG_LEVEL: 'silent' },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'tests/server/**/*.test.ts',
            'tests/rest/**/*.test.ts',
            'tests/fuzz/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
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
        },
      },
    ],
  },
});
