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
      ],
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
