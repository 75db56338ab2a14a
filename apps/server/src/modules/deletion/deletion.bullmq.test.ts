import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../repositories.ts';
import { createInProcessEventBus } from '../../events/event-bus.ts';
import { createBullmqWorkQueue } from '../../queue/bullmq-work-queue.ts';
import { albumClient } from '../../test/albums.ts';
import { createTestApp, signUp, timelineOf, type TestApp } from '../../test/harness.ts';
import { TEST_REDIS_URL, useTestRedis } from '../../test/redis.ts';
import { until } from '../../test/wait.ts';
import { deletionJobOf, expectConsistent, rowsNaming } from './deletion.test-support.ts';
import { DELETION_KIND } from './stages.ts';

const redis = useTestRedis('account deletion on BullMQ');

/**
 * The deletion job on the scale-out queue ([Note: Account deletion]): the item the request
 * wrote is relayed to BullMQ and run there, as on the embedded queue. Its own key prefix on
 * the machine's shared Redis, removed afterwards.
 */
describe('account deletion on BullMQ (sqlite)', () => {
  let t: TestApp;
  const prefix = `trove-test-${randomBytes(5).toString('hex')}`;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { ACCOUNT_DELETION_GRACE_DAYS: '0' } });
  });
  afterAll(async () => {
    await t.close();
    const keys = await redis.admin.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.admin.unlink(...keys);
  });

  it('runs the deletion the request queued, to the end', async () => {
    const c = albumClient(t);
    const ann = await signUp(t.app);
    await c.uploaded(ann, await timelineOf(t.app, ann), 'a.jpg');
    const answer = await c.send(ann, 'POST', '/data_protection/request_account_deletion');
    expect(answer.statusCode, answer.body).toBe(200);
    const queue = createBullmqWorkQueue({
      redisUrl: TEST_REDIS_URL,
      prefix,
      workItems: createRepositories(t.database.db).workItems,
      bus: createInProcessEventBus(),
      concurrency: 1,
      now: t.clock.now,
    });
    queue.start({ [DELETION_KIND]: deletionJobOf(t).handler });
    try {
      const done = async () =>
        (
          await t.database.db
            .selectFrom('account_deletions')
            .select('state')
            .where('user_id', '=', ann.userId)
            .executeTakeFirst()
        )?.state === 'done';
      await until(done, 'the deletion to be done');
    } finally {
      await queue.stop();
    }
    expect(Object.values(await rowsNaming(t, ann.userId)).every((n) => n === 0)).toBe(true);
    const left = await t.database.db
      .selectFrom('work_items')
      .selectAll()
      .where('kind', '=', DELETION_KIND)
      .execute();
    expect(left).toEqual([]);
    await expectConsistent(t);
  });
});
