/** How a check came out: `fail` is printed FAIL and makes `trove doctor` exit 1. */
export type CheckStatus = 'ok' | 'warn' | 'fail';

/** One line of `trove doctor`: which check, how it came out, and in plain words what to do. */
export interface CheckResult {
  check: string;
  status: CheckStatus;
  message: string;
}

export const ok = (check: string, message: string): CheckResult => ({ check, status: 'ok', message });
export const warn = (check: string, message: string): CheckResult => ({ check, status: 'warn', message });
export const fail = (check: string, message: string): CheckResult => ({ check, status: 'fail', message });

/** How long one component may take to answer by default: a hung connection is a finding. */
export const CHECK_TIMEOUT_MS = 5_000;

/**
 * The probe's result, or a rejection when it neither answers nor fails within `ms`. The
 * probe is not cancelled (a client may hold a socket open): the command exits when done.
 */
export async function within<T>(ms: number, probe: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no answer within ${String(ms / 1000)} s`));
    }, ms);
  });
  try {
    return await Promise.race([probe(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An error in a few words. A connection refused on every address (pg, ioredis) comes as an
 * AggregateError with an empty message: its parts say what happened.
 */
export function errorText(error: unknown): string {
  if (error instanceof AggregateError && error.message === '')
    return [...new Set(error.errors.map(errorText))].join('; ');
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
    const message = error.message || error.name;
    return code !== '' && !message.includes(code) ? `${code}: ${message}` : message;
  }
  return String(error);
}

/** A size for people: 1.5 GiB, 256 MiB. */
export function bytesText(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${String(bytes)} bytes` : `${value.toFixed(1)} ${units[unit] ?? ''}`;
}
