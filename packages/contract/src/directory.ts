import { z } from 'zod/mini';

/**
 * The service directory: the base URL of every host the client talks to (spec 000 §5, §7;
 * spec 001 §7). An empty string means "the origin the page was loaded from", which is the
 * default of a single-origin install.
 */
export const ServiceDirectory = z.object({
  app: z.string(),
  thumb: z.string(),
  video: z.string(),
  poll: z.string(),
  download: z.string(),
  login: z.string(),
  payment: z.string(),
});
export type ServiceDirectory = z.infer<typeof ServiceDirectory>;

/** The hosts spec 000 §5 requires; a directory missing any of them is invalid. */
export const REQUIRED_SERVICE_HOSTS = ['app', 'thumb', 'video', 'poll', 'download'] as const;

/** Message of the error thrown for a directory that lacks a required host (spec 000 §8). */
export const INVALID_SERVICE_DICT = 'Invalid service dict';

/**
 * Validates a service directory as received from the server.
 * @throws Error('Invalid service dict') when a required host is missing or not a string.
 */
export function parseServiceDirectory(input: unknown): ServiceDirectory {
  if (typeof input !== 'object' || input === null) throw new Error(INVALID_SERVICE_DICT);
  const record = input as Record<string, unknown>;
  for (const host of REQUIRED_SERVICE_HOSTS) {
    if (typeof record[host] !== 'string') throw new Error(INVALID_SERVICE_DICT);
  }
  const app = record.app as string;
  // login and payment fall back to the app host: the spec's list of required hosts omits them.
  const parsed = ServiceDirectory.safeParse({
    ...record,
    login: typeof record.login === 'string' ? record.login : app,
    payment: typeof record.payment === 'string' ? record.payment : app,
  });
  if (!parsed.success) throw new Error(INVALID_SERVICE_DICT);
  return parsed.data;
}
