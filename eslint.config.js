// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Import boundaries of docs/ARCHITECTURE.md, enforced rather than hoped for. */
const boundary = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      'data/**',
      '.tools/**',
      'e2e/.artifacts/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The root vitest.config.ts belongs to no workspace; it is linted with default options.
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: boundary([
      { group: ['@trove/server', '@trove/web', '**/apps/**'], message: 'The contract imports no app.' },
      {
        group: ['node:*', 'react', 'react-dom'],
        message: 'The contract imports zod only: no Node, no DOM, no React.',
      },
    ]),
  },
  {
    files: ['apps/server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: boundary([
      { group: ['@trove/web', '**/apps/web/**'], message: 'The server never imports the web app.' },
    ]),
  },
  {
    files: ['apps/server/src/**/*.routes.ts', 'apps/server/src/http/**/*.ts'],
    rules: boundary([
      { group: ['@trove/web', '**/apps/web/**'], message: 'The server never imports the web app.' },
      {
        group: ['**/*.repository.ts', '**/*.repository'],
        message: 'Routes call services, never repositories.',
      },
    ]),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary([
        { group: ['@trove/server', '**/apps/server/**'], message: 'The web app never imports the server.' },
      ]),
    },
  },
);
