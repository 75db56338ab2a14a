import type { IntlShape } from 'react-intl';

/** Units of spec 000 §9 size formatting, base 1024. */
export type SizeUnit = 'Bytes' | 'KB' | 'MB' | 'GB';

/**
 * A byte count in the largest unit of spec 000 §9 (Bytes, KB, MB, GB, base 1024) that keeps
 * the number at 1 or more; the caller rounds it for display.
 */
export function sizeOf(bytes: number): { value: number; unit: SizeUnit } {
  const units = ['KB', 'MB', 'GB'] as const;
  if (bytes < 1024) return { value: bytes, unit: 'Bytes' };
  let value = bytes;
  let unit: SizeUnit = 'Bytes';
  for (const next of units) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  return { value, unit };
}

/**
 * A size in Bytes, KB, MB or GB, base 1024 (spec 000 §9), with the locale's decimal mark
 * and one decimal at most. Under 1 KB the count is worded by `bytesText`: a plural message
 * of the caller's own message area (See: [Note: Message areas]).
 */
export function sizeText(
  intl: Pick<IntlShape, 'formatNumber'>,
  bytes: number,
  bytesText: (count: number) => string,
): string {
  const { value, unit } = sizeOf(bytes);
  if (unit === 'Bytes') return bytesText(value);
  return `${intl.formatNumber(value, { maximumFractionDigits: 1 })} ${unit}`;
}
