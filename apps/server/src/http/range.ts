/** A byte range, both ends inclusive (as in `Content-Range`). */
export interface ResolvedRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range` header against a size (RFC 9110 §14). Undefined: serve the whole body
 * (no header, another unit, or several ranges, which a server may answer in full).
 * 'unsatisfiable': answer 416. The client's hover preview asks for `bytes=0-4999999`
 * (spec 000 §7) and players ask for open ranges (`bytes=N-`).
 */
export function resolveRange(
  header: string | undefined,
  size: number,
): ResolvedRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return undefined;
  return { start, end };
}
