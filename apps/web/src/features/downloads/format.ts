import type { IntlShape } from 'react-intl';
import { sizeText as formatSize } from '../../lib/size.ts';

/** A size in Bytes, KB, MB or GB, base 1024 (spec 000 §9), with the locale's decimal mark. */
export function sizeText(intl: IntlShape, bytes: number): string {
  return formatSize(intl, bytes, (count) => intl.formatMessage({ id: 'downloads.bytes' }, { count }));
}
