import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Stripe.js and its card element when the instance takes real payments (BILLING=stripe;
 * RESEARCH-ACCOUNT-PAYMENTS §1.1 "CSP for real Stripe"): the script and its frames from
 * js.stripe.com, 3-D Secure pages framed from hooks.stripe.com, its calls to api.stripe.com.
 * Stripe.js must load from js.stripe.com itself (docs.stripe.com/js/including), so the app's
 * own-origin-only policy cannot cover it. Other instances never name Stripe.
 */
const STRIPE_SOURCES = {
  script: 'https://js.stripe.com',
  frame: 'https://js.stripe.com https://hooks.stripe.com',
  connect: 'https://api.stripe.com',
};

/**
 * The Content-Security-Policy: own origin only, plus `connectSources` (separately configured
 * hosts the client must reach) and, with `stripe`, Stripe's origins.
 */
export function contentSecurityPolicy(
  connectSources: readonly string[],
  options: { stripe?: boolean } = {},
): string {
  const extra = [...new Set(connectSources.filter(Boolean).map((u) => new URL(u).origin))].join(' ');
  const media = `'self' blob: data:${extra ? ` ${extra}` : ''}`;
  const stripe = options.stripe === true;
  return [
    "default-src 'self'",
    // WebAssembly may compile (the uploader's SHA-1 worker runs hash-wasm, several times
    // faster than JavaScript); no eval, no inline or foreign scripts.
    `script-src 'self' 'wasm-unsafe-eval'${stripe ? ` ${STRIPE_SOURCES.script}` : ''}`,
    // React sets style attributes; no stylesheets from elsewhere.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${media}`,
    `media-src ${media}`,
    `connect-src 'self'${extra ? ` ${extra}` : ''}${stripe ? ` ${STRIPE_SOURCES.connect}` : ''}`,
    // Frames otherwise follow default-src ('self'); that stays.
    ...(stripe ? [`frame-src 'self' ${STRIPE_SOURCES.frame}`] : []),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers on every response: a strict CSP, no sniffing, no referrer (so no URL
 * ever leaks to another site), no framing. Answers of signed-in calls and of the login flow
 * are never stored by a browser or proxy cache, unless the route chose its own caching.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  connectSources: readonly string[],
  options: { stripe?: boolean } = {},
): void {
  const csp = contentSecurityPolicy(connectSources, options);
  app.addHook('onSend', async (request, reply) => {
    // A route may set a stricter policy of its own (media: sandbox); it keeps it.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (isPrivate(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

/**
 * A signed-in call's answer is the account's own data, a visitor's an album behind its link
 * (and maybe its password); the login flow's carry codes and
 * tokens (RFC 6749 §5.1: token answers are `no-store`). Media (`signed`) keep their private
 * caching, the public bootstrap calls and the web client theirs.
 */
function isPrivate(request: FastifyRequest): boolean {
  const auth = request.routeOptions.config.auth;
  // A call to an app-host path no route serves is answered as the refusal of a signed-in
  // call is ([Note: Operators]: a refused admin call reads like a missing route), headers too.
  const unrouted = request.routeOptions.url === undefined && request.url.startsWith('/st/');
  return auth === 'user' || auth === 'visitor' || unrouted || request.url.startsWith('/idp/');
}
