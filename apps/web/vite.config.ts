import { parse } from '@formatjs/icu-messageformat-parser';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The dev and preview servers forward API calls so the app runs on one origin, like `npm start`.
// Keys starting with ^ are regular expressions: '/st' alone would also catch '/static/...'.
const API_TARGET = 'http://127.0.0.1:8080';
const API_PATHS = ['^/st/', '^/idp/', '^/service_directory$', '^/brands$', '^/healthz$'];
const proxy = Object.fromEntries(API_PATHS.map((path) => [path, { target: API_TARGET }]));

/**
 * [Note: Precompiled messages] The message catalogues (src/i18n/messages/*.json) reach the
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
      if (!/[\\/]src[\\/]i18n[\\/]messages[\\/][a-z]{2}_[A-Z]{2}\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const parsed = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      return { code: JSON.stringify(parsed), map: null };
    },
  };
}

export default defineConfig({
  plugins: [precompiledMessages(), react()],
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
      output: {
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
