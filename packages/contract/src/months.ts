/**
 * The timeline's months (spec 000 §7 GET /jobs/{id}/timeline/months): every file belongs to
 * the UTC month of its taken time. Server and web must agree on it to the second, so the
 * rule lives here once.
 */

/** YYYYMM of a time in UTC (ms since the epoch): the month a file is counted in. */
export function monthOf(ms: number): number {
  const date = new Date(ms);
  return date.getUTCFullYear() * 100 + date.getUTCMonth() + 1;
}

/** Unix seconds of the first instant of the UTC month of `seconds`: a month section's key. */
export function monthStartOf(seconds: number): number {
  const date = new Date(seconds * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
}
