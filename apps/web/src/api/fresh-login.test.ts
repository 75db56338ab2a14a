import { describe, expect, it, vi } from 'vitest';
import { HttpError } from './http-error.ts';
import { createFreshLoginRedirect, isFreshLoginRequired } from './fresh-login.ts';

describe('fresh login on the web', () => {
  it('recognises the server asking for a fresher sign-in, and nothing else', () => {
    const error = (code: 'fresh_login_required' | 'user_disabled') =>
      new HttpError({ status: 403, code, message: '' });
    expect(isFreshLoginRequired(error('fresh_login_required'))).toBe(true);
    expect(isFreshLoginRequired(error('user_disabled'))).toBe(false);
    expect(isFreshLoginRequired(new Error('fresh_login_required'))).toBe(false);
  });

  it('starts one sign-in back to the same page however many calls failed, again after a failed start', async () => {
    let fail = true;
    const start = vi.fn(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve()));
    const redirect = createFreshLoginRedirect(start, () => '/settings/privacy?tab=legacy');
    redirect();
    redirect();
    expect(start).toHaveBeenCalledTimes(1);
    expect(start).toHaveBeenCalledWith('/settings/privacy?tab=legacy');
    await Promise.resolve();
    await Promise.resolve();
    fail = false;
    redirect();
    redirect();
    expect(start).toHaveBeenCalledTimes(2);
  });
});
