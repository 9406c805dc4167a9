import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'db/', 'public/', 'coverage/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Inside a transaction only its own handle is used: the outer `db` would run outside it (on
    // PostgreSQL another connection; on SQLite it only works because nothing can interleave).
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='transaction'] > :function Identifier[name='db']:not(Property > Identifier.key):not(MemberExpression > Identifier.property)",
          message: 'Use the transaction handle (tx) inside a transaction, not the outer db.',
        },
        {
          // better-sqlite3's synchronous calls do not exist on PostgreSQL: await the builder.
          selector:
            "CallExpression[arguments.length=0][callee.property.name=/^(get|all|run)$/][callee.object.type='CallExpression']",
          message:
            'Await the query instead (`(await q)[0]` for one row): .get()/.all()/.run() are SQLite-only.',
        },
      ],
    },
  },
  {
    // The data layer is asynchronous: a query or service call that is not awaited would run
    // after the answer (or the transaction) it belongs to. Type-aware, so only where it matters.
    files: ['src/server/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    // An area reaches another only through what that area's index.ts exports (DESIGN 'Layout').
    files: ['src/server/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[a-z]+/',
              message: 'Another area is reached through its index.ts: import from "../<area>".',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', '.ci/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
