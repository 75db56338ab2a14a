import { describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.ts';
import { queueMayShow } from './gate.tsx';

describe('the modal queue gate (See: [Note: Modal queue gate])', () => {
  it('loads the queue for terms, a sunset date, or a card not closed in this tab', () => {
    const none = { closedCards: new Set<string>(), sunsetSeen: false, storageWarned: '' };
    expect(queueMayShow(anAccount(), [], none)).toBe(false);
    expect(queueMayShow(anAccount(), undefined, none)).toBe(false);
    expect(queueMayShow(anAccount({ tos_to_approve: { version: 'v2' } }), undefined, none)).toBe(true);
    const sunset = anAccount({ sunset_delete_date: 1_800_000_000 });
    expect(queueMayShow(sunset, [], none)).toBe(true);
    expect(queueMayShow(sunset, [], { ...none, sunsetSeen: true })).toBe(false);
    expect(queueMayShow(anAccount(), ['a'], none)).toBe(true);
    expect(queueMayShow(anAccount(), ['a'], { ...none, closedCards: new Set(['a']) })).toBe(false);
    // Storage: at a level, or a remembered level usage may have fallen below.
    expect(queueMayShow(anAccount({ used_space: 85, max_space: 100 }), [], none)).toBe(true);
    expect(
      queueMayShow(anAccount({ used_space: 10, max_space: 100 }), [], { ...none, storageWarned: '80' }),
    ).toBe(true);
  });
});
