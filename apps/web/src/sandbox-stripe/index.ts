import { SandboxStripe } from './stripe.ts';

/**
 * The entry of /sandbox/stripe.js (vite.sandbox.config.ts builds it into dist/sandbox/): sets
 * `window.Stripe` as js.stripe.com's script does, so `loadStripe` of `@stripe/stripe-js/pure`
 * finds it and never fetches Stripe's.
 */
window.Stripe = SandboxStripe;
