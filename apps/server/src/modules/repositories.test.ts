import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/harness.ts';
import { createRepositories, type Repositories } from './repositories.ts';

/** `true` when A and B are the same type, else `false`. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// Services cannot append change records (see [Note: Change records]); `tsc -b` fails on this
// directive once they can.
// @ts-expect-error the services' changes repository has no `append`
type _Append = Repositories['changes']['append'];

describe('the repositories handed to services', () => {
  let database: TestDatabase | undefined;
  afterEach(() => database?.cleanup());

  it('read the change log and cannot append to it: the change writer alone does', async () => {
    // Checked by `tsc -b` (npm run lint): any method besides the read, an insert under any
    // name, makes this `false` and fails the build.
    const onlyReads: Same<keyof Repositories['changes'], 'listSince'> = true;

    database = await openTestDatabase('sqlite');
    const repos = createRepositories(database.handle.db);
    expect(onlyReads).toBe(true);
    expect(Object.keys(repos.changes)).toEqual(['listSince']);
  });
});
