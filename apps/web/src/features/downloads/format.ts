import type { IntlShape } from 'react-intl';
import { sizeOf } from '../viewer/format.ts';

/** A size in Bytes, KB, MB or GB, base 1024 (spec 000 §9), with the locale's decimal mark. */
export function sizeText(intl: IntlShape, bytes: number): string {
  const { value, unit } = sizeOf(bytes);
  if (unit === 'Bytes') return intl.formatMessage({ id: 'downloads.bytes' }, { count: value });
  return `${intl.formatNumber(value, { maximumFractionDigits: 1 })} ${unit}`;
}
