import { z } from 'zod/mini';

// C0 controls (NUL, tab, line breaks, escape…), DEL, and the C1 controls.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * [Note: Text from users] Names, paths and titles are stored, listed, put in file names of
 * downloads and in headers. They may hold any script, right-to-left ones included, but no
 * control character (PostgreSQL cannot store a NUL at all; a line break or an escape has no
 * place in a file name) and no unpaired surrogate (it has no UTF-8 form). Both sides check
 * it with `plainText`; characters that reorder text (U+202E) are legitimate in names, so the
 * server neutralises them only where a name becomes a file name (Content-Disposition).
 */
export function isPlainText(value: string): boolean {
  return value.isWellFormed() && !CONTROL_CHARACTER.test(value);
}

/** A string of user text under the rule of [Note: Text from users]. */
export function plainText() {
  return z.string().check(z.refine(isPlainText, 'must not contain control characters'));
}
