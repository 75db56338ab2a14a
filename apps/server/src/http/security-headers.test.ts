import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers.ts';

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe('contentSecurityPolicy', () => {
  it("names Stripe's origins only when the instance takes payments through Stripe", () => {
    const plain = contentSecurityPolicy([]);
    expect(plain).not.toContain('stripe.com');
    expect(directive(plain, 'frame-src')).toBeUndefined();
    const stripe = contentSecurityPolicy(['https://th.example.com/'], { stripe: true });
    expect(directive(stripe, 'script-src')).toBe("'self' 'wasm-unsafe-eval' https://js.stripe.com");
    expect(directive(stripe, 'frame-src')).toBe("'self' https://js.stripe.com https://hooks.stripe.com");
    expect(directive(stripe, 'connect-src')).toBe("'self' https://th.example.com https://api.stripe.com");
    // Nothing else is opened: no foreign styles, images or forms, and the app is still never framed.
    expect(directive(stripe, 'img-src')).toBe("'self' blob: data: https://th.example.com");
    expect(directive(stripe, 'frame-ancestors')).toBe("'none'");
  });
});
