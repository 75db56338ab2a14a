// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

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

const NOT_THE_SERVER = {
  group: ['@trove/server', '**/apps/server/**'],
  message: 'The web app never imports the server.',
};

/*
 * [Note: Feature faces] A feature of the web client (apps/web/src/features/<name>/) shows
 * other features, and app/, three files at its top and nothing else: lazy.ts (its screens and
 * lazily loaded parts), api.ts (its calls and query keys) and index.ts (what else others may
 * use). Inside a feature, its files and subfolders import one another freely. The lower
 * folders (ui/, lib/, api/, i18n/, album-access/, dialog-requests/) never import a feature or
 * app/. index.ts re-exports modules that lazy screens use too; apps/web/package.json declares
 * the app's modules free of side effects (but CSS, main.tsx and the workers), so importing
 * one name of a face pulls only that name's module into the importer's chunk, not the whole
 * face (without it, a face imported by the first load would drag every module it names there).
 *
 * A relative path says where it leads only with its depth, so each feature folder and depth
 * gets its own pattern: from a file `depth` folders below features/<name>/, `../` taken
 * depth + 1 times reaches features/, and any folder there other than <name> is another
 * feature. The same patterns hold for dynamic import() (no-restricted-syntax; esquery's
 * regular expressions take no '/', hence \x2F).
 */
const FACES = String.raw`(?!(lazy|api|index)\.tsx?$)`;
const SLASH = String.raw`\x2F`;
const UP = String.raw`\.\.`;
const webFeatures = fs
  .readdirSync(new URL('apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const PAST_A_FACE = 'Import another feature only through its lazy.ts, api.ts or index.ts.';
const NO_FEATURES_BELOW =
  'ui/, lib/, api/, i18n/, album-access/ and dialog-requests/ never import a feature or app/.';
/** The rules of web files whose relative imports matching `pattern` (one '/' written `slash`) break `message`. */
const webBoundary = (files, pattern, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [NOT_THE_SERVER, { regex: pattern('/'), message }] }],
    'no-restricted-syntax': [
      'error',
      { selector: `ImportExpression[source.value=/${pattern(SLASH)}/]`, message },
    ],
  },
});
const webBoundaries = [
  ...webFeatures.flatMap((name) =>
    [0, 1, 2, 3].map((depth) =>
      webBoundary(
        [`apps/web/src/features/${name}/${'*/'.repeat(depth)}*.{ts,tsx}`],
        (slash) => `^(${UP}${slash}){${String(depth + 1)}}(?!${name}${slash})[a-z-]+${slash}${FACES}`,
        PAST_A_FACE,
      ),
    ),
  ),
  webBoundary(
    ['apps/web/src/app/*.{ts,tsx}', 'apps/web/src/test/*.{ts,tsx}'],
    (slash) => `^${UP}${slash}features${slash}[a-z-]+${slash}${FACES}`,
    PAST_A_FACE,
  ),
  webBoundary(
    ['apps/web/src/main.tsx'],
    (slash) => `^\\.${slash}features${slash}[a-z-]+${slash}${FACES}`,
    PAST_A_FACE,
  ),
  webBoundary(
    ['apps/web/src/{ui,lib,api,i18n,album-access,dialog-requests}/**/*.{ts,tsx}'],
    (slash) => `^(${UP}${slash})+(features|app)${slash}`,
    NO_FEATURES_BELOW,
  ),
];

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
      ...boundary([NOT_THE_SERVER]),
    },
  },
  ...webBoundaries,
);
