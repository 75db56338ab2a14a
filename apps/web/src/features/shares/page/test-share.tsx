import type { ShareInfo } from '@trove/contract';
import { aFile } from '../../../test/factories.ts';

/** A share id as the server makes them: 32 base64url characters. */
export const SHARE_ID = 'Sh4reIdOfThirtyTwoCharacters_-Ab';

/** Seconds since the epoch of 30 days from now: when a new share expires (spec 000 §9). */
export const IN_30_DAYS = Math.floor(Date.now() / 1000) + 30 * 86_400;

/** Ola's share of two photos and a document, as someone else (a visitor) gets it. */
export function aShare(overrides: Partial<ShareInfo> = {}): ShareInfo {
  const file = (id: string, name: string, type: 'Pictures' | 'Documents' = 'Pictures') =>
    aFile({
      id,
      name,
      type,
      job: SHARE_ID,
      file_url: `/st/4/jobs/${SHARE_ID}/files_by_id/${id}?exp=1&sig=o`,
      ...(type === 'Documents' && { thumb_url_small: null, thumb_url_large: null, size: 20_480 }),
    });
  return {
    id: SHARE_ID,
    owner: { userID: 'user-2', name: 'Ola', email: null },
    ctime: IN_30_DAYS - 30 * 86_400,
    expires: IN_30_DAYS,
    has_password: false,
    is_owner: false,
    can_copy: false,
    thumbFiles: [file('beach', 'beach.jpg'), file('lake', 'lake.jpg')],
    docFiles: [file('plan', 'plan.pdf', 'Documents')],
    ...overrides,
  };
}

/** The 403 of a share that wants its password (and of a wrong one). */
export const PASSWORD_REQUIRED = {
  status: 403,
  body: { error: { code: 'password_required', message: 'password required' } },
};

/** The 404 of a share that is unknown, expired or stopped. */
export const NOT_FOUND = { status: 404, body: { error: { code: 'not_found', message: 'not found' } } };

/** The answer of keep-all-files for `ok` files added and `failed` not. */
export function copied(ok: number, failed = 0) {
  return {
    body: {
      results: [
        ...Array.from({ length: ok }, (_, i) => ({
          file_uuid: `f${String(i)}`,
          status: 'ok',
          new_uuid: `t${String(i)}`,
        })),
        ...Array.from({ length: failed }, (_, i) => ({
          file_uuid: `x${String(i)}`,
          status: 'error',
          error_reason: 'file_not_found',
        })),
      ],
    },
  };
}
