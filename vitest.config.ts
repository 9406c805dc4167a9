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
          // One browser at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
