import { z } from 'zod/mini';

/**
 * Query parameters every app-host call carries (spec 001 §7, spec 000 §7): the client's app
 * key, its version and the device id. The foreign-auth value travels in a header instead
 * (docs/SPEC-DEVIATIONS.md).
 */
export const ClientQuery = z.object({
  key: z.string().check(z.minLength(1), z.maxLength(100)),
  client_v: z.string().check(z.minLength(1), z.maxLength(50)),
  device_id: z.uuid(),
});
export type ClientQuery = z.infer<typeof ClientQuery>;

/** The app key of the Trove web client. */
export const WEB_CLIENT_KEY = 'trove-web';

/** Header carrying the optional foreign-auth value (spec 000 §6, 001 §7). */
export const FOREIGN_AUTH_HEADER = 'x-foreign-auth';

/** User name part of the HTTP Basic credentials; the password part is the token. */
export const BASIC_AUTH_USER = 'token';

/** Base path of the app host (spec 000 §7, 001 §7). */
export const APP_BASE_PATH = '/st/4';
