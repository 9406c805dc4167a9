import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Full-cost password hashing would make the suites take minutes (see passwords.ts).
    env: { PASSWORD_HASH_FAST: '1', LOG_LEVEL: 'silent' },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'tests/rest/**/*.test.ts'],
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
