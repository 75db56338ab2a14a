import { parse } from '@formatjs/icu-messageformat-parser';
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { expandCustomMedia, layoutProperties } from './src/styles/layout-css.ts';

// The dev and preview servers forward API calls so the app runs on one origin, like `npm start`.
// Keys starting with ^ are regular expressions: '/st' alone would also catch '/static/...'.
const API_TARGET = 'http://127.0.0.1:8080';
const API_PATHS = ['^/st/', '^/idp/', '^/service_directory$', '^/brands$', '^/healthz$'];
const proxy = Object.fromEntries(API_PATHS.map((path) => [path, { target: API_TARGET }]));

/**
 * [Note: Precompiled messages] The message catalogues (src/i18n/messages/*.json, and the
 * areas' src/i18n/messages/<area>/*.json, See: [Note: Message areas]) reach the
 * browser already parsed into ICU message ASTs, which react-intl formats as they are, so the
 * ICU parser (about 8 KiB gzip) never ships: `@formatjs/icu-messageformat-parser` resolves to
 * its `no-parser` build, whose `parse` throws. Every message the app formats therefore comes
 * from a catalogue (no `defaultMessage`, no runtime strings). Unit tests run without this
 * config (vitest.config.ts) and format the plain strings with the real parser.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'trove:precompiled-messages',
    // Before vite:json, which turns the (still JSON) catalogue into a module.
    enforce: 'pre',
    transform(code, id) {
      // Area folders are named after their area, camelCase included (shareDialog).
      if (!/[\\/]src[\\/]i18n[\\/]messages[\\/]([A-Za-z-]+[\\/])?[a-z]{2}_[A-Z]{2}\.json$/.test(id))
        return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const parsed = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      return { code: JSON.stringify(parsed), map: null };
    },
  };
}

/**
 * Writes the contract's LAYOUT into the app's stylesheets (See: [Note: Layout in the
 * stylesheets] in src/styles/layout-css.ts): the named media queries everywhere, the custom
 * properties at the top of base.css.
 */
function layoutCss(): Plugin {
  return {
    name: 'trove:layout-css',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0] ?? id;
      if (!path.endsWith('.css') || !/[\\/]apps[\\/]web[\\/]src[\\/]/.test(path)) return null;
      const expanded = expandCustomMedia(code, path);
      const withTokens = /[\\/]src[\\/]styles[\\/]base\.css$/.test(path)
        ? layoutProperties() + expanded
        : expanded;
      return { code: withTokens, map: null };
    },
  };
}

/** bench/budgets.json's figure for the JavaScript of a cold load of /photos, in KiB gzip. */
const FIRST_LOAD_BUDGET = 'web_photos_first_load_js_kib';

/**
 * Fails the build when the entry chunk and everything it imports statically (what the
 * browser fetches before any screen's own chunk) exceed the budget of the first load of
 * /photos, so a regression shows in CI and not only in `npm run bench`, which measures the
 * same bytes in Chromium, the dynamic imports at load included (issue #10). gzip at zlib's
 * default level, as the bench. Fails as well when that JavaScript names a message of an area
 * (See: [Note: Message areas]): the first load renders without the areas' catalogues.
 */
function firstLoadBudget(): Plugin {
  return {
    name: 'trove:first-load-budget',
    apply: 'build',
    writeBundle(_options, bundle) {
      const budgets = JSON.parse(
        fs.readFileSync(new URL('../../bench/budgets.json', import.meta.url), 'utf8'),
      ) as Record<string, { max?: number }>;
      const maxKiB = budgets[FIRST_LOAD_BUDGET]?.max;
      if (maxKiB === undefined) this.error(`bench/budgets.json has no ${FIRST_LOAD_BUDGET}.max`);
      const loaded = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || loaded.has(fileName)) return;
        loaded.add(fileName);
        chunk.imports.forEach(visit);
      };
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && output.isEntry) visit(output.fileName);
      }
      const bytes = [...loaded].reduce((sum, fileName) => {
        const chunk = bundle[fileName];
        return sum + (chunk?.type === 'chunk' ? gzipSync(chunk.code).length : 0);
      }, 0);
      const areaKeys = fs
        .readdirSync(new URL('src/i18n/messages/', import.meta.url), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .flatMap((entry) =>
          Object.keys(
            JSON.parse(
              fs.readFileSync(new URL(`src/i18n/messages/${entry.name}/en_US.json`, import.meta.url), 'utf8'),
            ) as Record<string, string>,
          ).map((key) => [key, entry.name] as const),
        );
      for (const fileName of loaded) {
        const chunk = bundle[fileName];
        const code = chunk?.type === 'chunk' ? chunk.code : '';
        for (const [key, area] of areaKeys) {
          if ([`"${key}"`, `'${key}'`, `\`${key}\``].some((quoted) => code.includes(quoted))) {
            this.error(
              `${fileName} (first load) uses the message ${key} of the area ${area}: list it under main in src/i18n/areas.ts and run node scripts/add-messages.ts --resplit`,
            );
          }
        }
      }
      const kib = bytes / 1024;
      const text = `first load: ${kib.toFixed(2)} KiB of JavaScript (gzip) in ${String(loaded.size)} chunks, budget ${String(maxKiB)} KiB`;
      if (kib > maxKiB) this.error(text);
      this.info(text);
    },
  };
}

export default defineConfig({
  plugins: [precompiledMessages(), layoutCss(), react(), firstLoadBudget()],
  resolve: {
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The contract's zod schemas (`z.enum([...])`, `z.object({...})`) have no side
      // effects, but a bundler cannot tell: without this, every schema of a contract module
      // on the first load stays in it, used or not (issue #27: room in the budget of /photos).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // An area's catalogues are named after it (albums-nb_NO-….js), not only after the locale.
        chunkFileNames: (chunk) => {
          const area = /[\\/]i18n[\\/]messages[\\/]([A-Za-z-]+)[\\/][a-z]{2}_[A-Z]{2}\.json$/.exec(
            chunk.facadeModuleId ?? '',
          )?.[1];
          return area ? `assets/${area}-[name]-[hash].js` : 'assets/[name]-[hash].js';
        },
        // The app's own modules are declared free of side effects (package.json `sideEffects`),
        // so a feature's face (index.ts) adds to a chunk only the modules whose names it
        // uses (See: [Note: Feature faces] in eslint.config.js).
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Only what the first screen runs ('$initial': statically imported from the entry)
        // is grouped; a library or module only a lazy screen uses stays in that screen's chunk
        // (See: [Note: Lazy screens]), and the app's own first-load modules make one chunk
        // rather than a handful of small ones shared with the lazy screens.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
