/** Path of the legacy-browser page (spec 001 §2). */
export const UPGRADE_BROWSER_PATH = '/upgrade-browser';

/** The parts of the platform a browser must have, as far as an old browser can be asked. */
export interface BrowserGlobals {
  fetch?: unknown;
  structuredClone?: unknown;
  Intl?: { PluralRules?: unknown };
  crypto?: { getRandomValues?: unknown; subtle?: unknown };
  isSecureContext?: boolean;
}

/**
 * Names of the features the app needs that `globals` lacks; empty for a supported browser.
 * `crypto.subtle` is only asked for on secure pages: browsers withhold it on plain http, which
 * says nothing about their age (the app hashes in JavaScript there, see lib/sha256.ts).
 */
export function missingBrowserFeatures(globals: BrowserGlobals): string[] {
  const missing: string[] = [];
  if (typeof globals.fetch !== 'function') missing.push('fetch');
  if (typeof globals.structuredClone !== 'function') missing.push('structuredClone');
  if (typeof globals.Intl?.PluralRules !== 'function') missing.push('Intl.PluralRules');
  if (typeof globals.crypto?.getRandomValues !== 'function') missing.push('crypto.getRandomValues');
  if (globals.isSecureContext === true && globals.crypto?.subtle === undefined) missing.push('crypto.subtle');
  return missing;
}
