import { describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.ts';
import { queueMayShow } from './gate.tsx';

describe('the modal queue gate (See: [Note: Modal queue gate])', () => {
  it('loads the queue for terms, a sunset date, or a card not closed in this tab', () => {
    const none = new Set<string>();
    expect(queueMayShow(anAccount(), [], none)).toBe(false);
    expect(queueMayShow(anAccount(), undefined, none)).toBe(false);
    expect(queueMayShow(anAccount({ tos_to_approve: { version: 'v2' } }), undefined, none)).toBe(true);
    expect(queueMayShow(anAccount({ sunset_delete_date: 1_800_000_000 }), [], none)).toBe(true);
    expect(queueMayShow(anAccount(), ['a'], none)).toBe(true);
    expect(queueMayShow(anAccount(), ['a'], new Set(['a']))).toBe(false);
  });
});
