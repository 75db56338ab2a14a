import { z } from 'zod/mini';

/*
 * Data access (spec 001 §2 Privacy page "request data access", §4 "Data access: allowed once
 * per a parameterised number of hours", §7 request_data_access_availability and the browser
 * navigation to request_data_access, §9 "Data access cooldown 24 hours (or N hours as
 * parameter)"; issue #24). The export is one zip of everything the account holds, frozen
 * when it is requested: see docs/API.md "Data access".
 */

/** Spec 001 §9: "Data access cooldown 24 hours"; the server's DATA_ACCESS_COOLDOWN_HOURS. */
export const DATA_ACCESS_COOLDOWN_HOURS = 24;

/** The export the user requested last, while it can still be downloaded (and resumed). */
export const DataExportInfo = z.object({
  /** The zip's length in bytes. */
  size: z.int().check(z.nonnegative()),
  /** Entries in the zip: files, their sidecars and the account's documents. */
  count: z.int().check(z.nonnegative()),
  /** When it was requested (ms since the epoch): what it holds is the account as it was then. */
  created_at: z.number(),
  /** Until when it can be downloaded again without a new request (ms since the epoch). */
  expires_at: z.number(),
});
export type DataExportInfo = z.infer<typeof DataExportInfo>;

/**
 * GET /data_protection/request_data_access_availability (spec 001 §7). `available`: a new
 * export may be requested now; otherwise the user recently requested one and waits until
 * `next_available_at` (spec 001 §4, §8 "Data access recently downloaded, wait").
 */
export const DataAccessAvailability = z.object({
  available: z.boolean(),
  /** When the next export may be requested (ms since the epoch); null when never requested. */
  next_available_at: z.nullable(z.number()),
  /** The cooldown between two exports, in hours (spec 001 §9 parameter). */
  cooldown_hours: z.number(),
  /** An export is being put together right now (another tab or device asked). */
  preparing: z.boolean(),
  /** The last export, while it can still be downloaded without spending the cooldown. */
  current: z.nullable(DataExportInfo),
});
export type DataAccessAvailability = z.infer<typeof DataAccessAvailability>;

/**
 * POST /data_protection/request_data_access: the export frozen (or the current one again,
 * which spends nothing) and the signed URL the browser navigates to for its bytes.
 */
export const PreparedDataExport = z.extend(DataExportInfo, {
  url: z.string(),
  file_name: z.string(),
});
export type PreparedDataExport = z.infer<typeof PreparedDataExport>;
