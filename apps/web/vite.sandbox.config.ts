import { defineConfig } from 'vite';

/**
 * /sandbox/stripe.js, the sandbox's stand-in for Stripe.js (src/sandbox-stripe/), built after
 * the app (`npm run build`) into dist/sandbox/stripe.js: one classic script with a stable
 * name, no chunks, no eval (the CSP's script-src 'self'), its styles inlined as a string. The
 * server serves it only when BILLING=sandbox (apps/server/src/payments/sandbox/http.ts).
 */
export default defineConfig({
  build: {
    outDir: 'dist/sandbox',
    // The app's build ran first into dist/; this one only adds its own folder.
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: false,
    lib: {
      entry: 'src/sandbox-stripe/index.ts',
      formats: ['iife'],
      name: 'TroveSandboxStripe',
      fileName: () => 'stripe.js',
    },
  },
});
