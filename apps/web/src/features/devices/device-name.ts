/**
 * What a device is called in the connected-devices list (spec 000 §2 Devices): the browser
 * and the system it runs on, read from the user agent at sign-in, rather than the brand's
 * one device name for every browser (issue #23; spec 001 §3 keeps that name in the local
 * record, see docs/SPEC-DEVIATIONS.md).
 */

/** A browser and its system, either unknown when the user agent does not say. */
export interface DeviceKind {
  browser?: string;
  os?: string;
}

/** `navigator.userAgentData` (User-Agent Client Hints; Chromium only, not in TypeScript's DOM library). */
export interface UserAgentData {
  brands?: readonly { brand: string; version?: string }[];
  platform?: string;
}

/** Most specific first: Edge, Opera and Samsung Internet also name Chrome and Safari. */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|OPiOS|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\bCriOS\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bChrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** iPhone and iPad before macOS (an iPad may say Mac OS X too), Android before Linux. */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Client Hints brand names as people say them. */
const HINT_BRANDS: Readonly<Record<string, string>> = {
  'Google Chrome': 'Chrome',
  'Microsoft Edge': 'Edge',
  Opera: 'Opera',
  Chromium: 'Chromium',
  'Samsung Internet': 'Samsung Internet',
  Vivaldi: 'Vivaldi',
};

/** Client Hints platforms as people say them. */
const HINT_PLATFORMS: Readonly<Record<string, string>> = {
  Windows: 'Windows',
  macOS: 'macOS',
  Linux: 'Linux',
  Android: 'Android',
  'Chrome OS': 'ChromeOS',
  ChromeOS: 'ChromeOS',
  iOS: 'iPhone',
};

const firstMatch = (text: string, table: readonly (readonly [RegExp, string])[]) =>
  table.find(([pattern]) => pattern.test(text))?.[1];

/**
 * The browser and system of `userAgent`, preferring the Client Hints of `hints` where
 * present (their brand list names the browser without the user agent's borrowed names; a
 * GREASE brand such as "Not.A/Brand" is skipped, and plain Chromium only when nothing
 * better is listed).
 */
export function deviceKindOf(userAgent: string, hints?: UserAgentData): DeviceKind {
  const brands = (hints?.brands ?? [])
    .map((entry) => HINT_BRANDS[entry.brand])
    .filter((b) => b !== undefined);
  const hinted = brands.find((brand) => brand !== 'Chromium') ?? brands[0];
  const browser = hinted ?? firstMatch(userAgent, BROWSERS);
  const os = (hints?.platform && HINT_PLATFORMS[hints.platform]) || firstMatch(userAgent, SYSTEMS);
  return { ...(browser && { browser }), ...(os && { os }) };
}

/** The contract's limit on device_name (packages/contract/src/auth.ts). */
const MAX_DEVICE_NAME = 100;

/**
 * The name this browser signs in with: `on(browser, os)` ("Chrome on Linux", in the user's
 * language), the browser alone when the system is unknown, and `fallback` (the brand's
 * device name) when the browser is.
 */
export function deviceNameOf(
  kind: DeviceKind,
  fallback: string,
  on: (browser: string, os: string) => string,
): string {
  if (kind.browser === undefined) return fallback;
  return (kind.os === undefined ? kind.browser : on(kind.browser, kind.os)).slice(0, MAX_DEVICE_NAME);
}

/** This browser's kind, from `navigator`. */
export function thisDeviceKind(): DeviceKind {
  const hints = (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  return deviceKindOf(navigator.userAgent, hints);
}
