import type { DataAccessAvailability, DataExportInfo, PreparedDataExport } from '@trove/contract';

/**
 * What the data access section shows (spec 001 §4 "Privacy request status: not started,
 * pending server, succeeded, failed"; "Data access: allowed once per a parameterised number
 * of hours; a failed availability check means recently downloaded, wait").
 */
export type DataAccessView =
  | { kind: 'loading' }
  /** Not started: a new export may be requested. */
  | { kind: 'available' }
  /** Pending server: this page's request, or another tab's or device's, is making the export. */
  | { kind: 'preparing' }
  /** Succeeded: the export was handed to the browser, which downloads it. */
  | { kind: 'downloading'; prepared: PreparedDataExport; nextAt: number | null; hours: number }
  /** Recently requested: wait until `nextAt`; the last export may still be downloaded again. */
  | { kind: 'cooldown'; nextAt: number; hours: number; current: DataExportInfo | null }
  /** Failed: the request did not make an export; it may be asked again. */
  | { kind: 'failed' };

/** The request of this page, as the section tracks it. */
export type RequestState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'started'; prepared: PreparedDataExport }
  | { status: 'failed'; code: string | null };

/** The view from the server's availability and this page's own request. */
export function viewOf(
  availability: DataAccessAvailability | undefined,
  request: RequestState,
  now: number,
): DataAccessView {
  if (request.status === 'pending') return { kind: 'preparing' };
  if (!availability) return request.status === 'failed' ? { kind: 'failed' } : { kind: 'loading' };
  if (availability.preparing) return { kind: 'preparing' };
  const hours = availability.cooldown_hours;
  if (request.status === 'started')
    return { kind: 'downloading', prepared: request.prepared, nextAt: availability.next_available_at, hours };
  const waiting = availability.next_available_at !== null && availability.next_available_at > now;
  // A refused request (the cooldown, or another request first) shows what the server says now.
  if (request.status === 'failed' && !isAnswered(request.code)) return { kind: 'failed' };
  if (!availability.available && waiting && availability.next_available_at !== null)
    return { kind: 'cooldown', nextAt: availability.next_available_at, hours, current: availability.current };
  return { kind: 'available' };
}

/** Refusals the availability explains by itself: no failure to show. */
function isAnswered(code: string | null): boolean {
  return code === 'data_access_cooldown' || code === 'conflict';
}
