// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Import boundaries of docs/ARCHITECTURE.md, enforced rather than hoped for. */
const boundary = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

const noWebApp = {
  group: ['@trove/web', '**/apps/web/**'],
  message: 'The server never imports the web app.',
};
const noRepositories = {
  group: ['**/*.repository.ts', '**/*.repository'],
  message: 'Routes call services, never repositories.',
};
/** Imports of these folders of apps/server/src from a folder below them. */
const above = (...folders) => folders.flatMap((folder) => [`../${folder}/**`, `../../${folder}/**`]);
const identityUp = {
  group: above('modules', 'access', 'http'),
  message:
    'identity/ imports no module: accounts and sessions come in through its ports (IdpAccounts, AccountMaker, TokenIssuer).',
};
const serverTests = ['**/*.test.ts', '**/*.test-support.ts', '**/*.test-data.ts'];

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
    rules: boundary([noWebApp]),
  },
  {
    files: ['apps/server/src/**/*.routes.ts', 'apps/server/src/http/**/*.ts'],
    rules: boundary([noWebApp, noRepositories]),
  },
  // The server's low layers never reach up (docs/ARCHITECTURE.md, Rules). Tests are no layer:
  // they build whole apps.
  {
    files: ['apps/server/src/db/**/*.ts'],
    ignores: serverTests,
    rules: boundary([
      noWebApp,
      {
        group: [
          ...above('modules', 'identity', 'queue', 'access', 'http', 'storage', 'mail', 'events', 'media'),
        ],
        message:
          'db/ knows only the schema, the dialects and the migrations: the repositories are composed in modules/repositories.ts.',
      },
    ]),
  },
  {
    files: ['apps/server/src/access/**/*.ts'],
    ignores: serverTests,
    rules: boundary([
      noWebApp,
      {
        group: [...above('modules', 'http'), '**/*.repository.ts', '**/*.repository'],
        message:
          'access/ imports no module and no repository: it declares the reads it needs as ports (JobReader), and the repositories answer them.',
      },
    ]),
  },
  {
    files: ['apps/server/src/http/**/*.ts'],
    ignores: serverTests,
    rules: boundary([
      noWebApp,
      noRepositories,
      {
        group: above('modules', 'identity', 'db'),
        message:
          'http/ imports no module: the caller type is access/caller.ts, and sessions come in through the SessionAuthenticator port.',
      },
    ]),
  },
  {
    files: ['apps/server/src/identity/**/*.ts'],
    ignores: serverTests,
    rules: boundary([noWebApp, identityUp]),
  },
  {
    files: ['apps/server/src/identity/**/*.routes.ts'],
    ignores: serverTests,
    rules: boundary([noWebApp, noRepositories, identityUp]),
  },
  // [Note: Change records] One writer: only change-writer.ts inserts change records.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/changes/change-writer.ts', 'apps/server/src/db/migrations/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='insertInto'][arguments.0.value='job_events']",
          message: 'Change records are written by the change writer only (modules/changes/change-writer.ts).',
        },
        {
          selector: "CallExpression[callee.name='insertRows'][arguments.1.value='job_events']",
          message: 'Change records are written by the change writer only (modules/changes/change-writer.ts).',
        },
      ],
    },
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
