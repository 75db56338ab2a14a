import { describe, expect, it } from 'vitest';
import { migrations } from './index.ts';

/*
 * The migration tests step back down to the migration before theirs; a migration without a
 * down would stop them halfway ("corrupted migrations"), and an operator could not roll back.
 */
describe('the migrations', () => {
  it('are listed in name order, each with an up and a down', () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    for (const [name, migration] of Object.entries(migrations)) {
      expect(typeof migration.up, name).toBe('function');
      expect(typeof migration.down, name).toBe('function');
    }
  });
});
