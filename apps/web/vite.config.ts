import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev and preview servers forward API calls so the app runs on one origin, like `npm start`.
// Keys starting with ^ are regular expressions: '/st' alone would also catch '/static/...'.
const API_TARGET = 'http://127.0.0.1:8080';
const API_PATHS = ['^/st/', '^/idp/', '^/service_directory$', '^/brands$', '^/healthz$'];
const proxy = Object.fromEntries(API_PATHS.map((path) => [path, { target: API_TARGET }]));

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
