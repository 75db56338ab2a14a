import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The sandbox's Stripe.js stand-in injects its stylesheet as a string (`?inline`).
    css: { include: [/sandbox-stripe\.css/] },
  },
});
