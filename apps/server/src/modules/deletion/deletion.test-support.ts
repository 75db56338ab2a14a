import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { CreatedShare } from '@trove/contract';
import { createRepositories, createTransact } from '../repositories.ts';
import { createInProcessEventBus } from '../../events/event-bus.ts';
import { createFsckRepository } from '../../fsck/fsck.repository.ts';
import { runFsck } from '../../fsck/fsck.ts';
import { createOutboxMailer } from '../../mail/outbox-mailer.ts';
import { createFsBlobStore } from '../../storage/fs-blob-store.ts';
import { albumClient, expectStatus } from '../../test/albums.ts';
import { multipart, signUp, timelineOf, tinyPng, type Session, type TestApp } from '../../test/harness.ts';
import { createChangeWriter } from '../changes/change-writer.ts';
import { NO_BILLING } from './billing-hook.ts';
import { createDeletionJob, type DeletionJobDeps } from './stages.ts';

/** The folder a test's deletion confirmations go to (an outbox, see [Note: Mail]). */
export const outboxOf = (t: TestApp) => path.join(t.config.DATA_DIR, 'outbox');

/** The deletion job of a test app, on its database and store, as the worker builds it. */
export function deletionJobOf(t: TestApp, extra: Partial<DeletionJobDeps> = {}) {
  const transact = createTransact(t.database.db);
  return createDeletionJob({
    repos: createRepositories(t.database.db),
    transact,
    changeWriter: createChangeWriter({
      db: t.database.db,
      bind: createRepositories,
      bus: createInProcessEventBus(),
    }),
    store: createFsBlobStore(t.config.DATA_DIR, { reserveBytes: 0 }),
    mailer: createOutboxMailer({ dir: outboxOf(t), from: t.config.MAIL_FROM }),
    billing: NO_BILLING,
    dataDir: t.config.DATA_DIR,
    now: t.clock.now,
    log: () => undefined,
    ...extra,
  });
}

/**
 * Ann, who will leave, and the people she shares with: her library (a photo in the trash
 * too), her shared album where Bo takes part and adds a photo of his, Bo's album where Ann
 * and Cy take part (Ann adds a photo, comments and loves; Cy comments on her photo), Bo's
 * copy of Ann's photo in his timeline (his blob naming her bytes), Cy's share made from Bo's
 * album with Ann's photo in it, Ann's link and her consents.
 */
export async function buildWorld(t: TestApp) {
  const c = albumClient(t);
  const ann = await signUp(t.app, { name: 'Ann' });
  const bo = await signUp(t.app, { name: 'Bo' });
  const cy = await signUp(t.app, { name: 'Cy' });
  const annTimeline = await timelineOf(t.app, ann);
  const boTimeline = await timelineOf(t.app, bo);
  const annPhotos = [
    await c.uploaded(ann, annTimeline, 'a1.jpg', 5001),
    await c.uploaded(ann, annTimeline, 'a2.jpg', 5002),
    await c.uploaded(ann, annTimeline, 'a3.jpg', 5003),
  ];
  expectStatus(await c.send(ann, 'DELETE', `/jobs/${annTimeline}/files_by_id/${annPhotos[2] ?? ''}`), 200);
  const annAlbum = (await c.createShared(ann, 'Ann trip')).id;
  expectStatus(await c.subscribe(bo, annAlbum), 200);
  const annInOwnAlbum = await c.uploaded(ann, annAlbum, 'trip.jpg', 5004);
  const boInAnnAlbum = await c.uploaded(bo, annAlbum, 'bo-in-ann.jpg', 5005);
  await comment(c, bo, annAlbum, annInOwnAlbum, 'Lovely');
  const boAlbum = (await c.createShared(bo, 'Bo trip')).id;
  expectStatus(await c.subscribe(ann, boAlbum), 200);
  expectStatus(await c.subscribe(cy, boAlbum), 200);
  const boOwn = await c.uploaded(bo, boAlbum, 'bo.jpg', 5006);
  const annInBo = await c.uploaded(ann, boAlbum, 'ann-in-bo.jpg', 5007);
  await comment(c, ann, boAlbum, boOwn, 'Ann was here');
  expectStatus(
    await c.send(ann, 'POST', `/jobs/${boAlbum}/files_by_id/${boOwn}/reaction`, {
      payload: { reaction: 'love' },
    }),
    200,
  );
  await comment(c, cy, boAlbum, annInBo, 'Nice one, Ann');
  const copied = await c.send(bo, 'POST', `/jobs/${boAlbum}/copy_to_timeline`, {
    payload: { file_uuids: [annInBo] },
  });
  expectStatus(copied, 200);
  const cyShare = await c.send(cy, 'POST', '/shares', {
    payload: { source_job: boAlbum, file_uuids: [annInBo, boOwn] },
  });
  expectStatus(cyShare, 200);
  const annShare = await c.send(ann, 'POST', '/shares', {
    payload: { source_job: annTimeline, file_uuids: [annPhotos[0]] },
  });
  expectStatus(annShare, 200);
  expectStatus(
    await c.send(ann, 'POST', '/data_protection/consent_values', {
      payload: { key: 'help_us_improve', value: true },
    }),
    200,
  );
  expectStatus(
    await c.send(ann, 'POST', '/client_stats', { payload: { stats: { screen_width: 1280 } } }),
    200,
  );
  // A storage grant (issue #25), as an operator gives one: it goes with the account.
  await createRepositories(t.database.db).grants.insert(
    {
      id: `grant-${ann.userId}`,
      user_id: ann.userId,
      source: 'customer_service',
      size_bytes: 1024 ** 3,
      renews_at: null,
      expires_at: null,
      stripe_product_id: null,
      created_by: 'cli:root',
      created_at: t.clock.now(),
      ended_at: null,
    },
    t.config.BASE_QUOTA_BYTES,
  );
  expectStatus(
    await c.send(ann, 'POST', '/digital_legacy', {
      payload: {
        choice: 'provide_content_to_contact',
        language: 'en_US',
        contact_information: [
          {
            name: 'Kari',
            address: 'Storgata 1',
            email_address: 'kari@example.com',
            phone_number: '+4791234567',
          },
        ],
      },
    }),
    200,
  );
  // Her profile picture and an attribute (issue #24): they go with her, bytes and all.
  const picture = multipart({}, { filename: 'profile.png', content: tinyPng() });
  const pictured = await t.app.inject({
    method: 'POST',
    url: `/st/4/profile/picture?${ann.query}`,
    payload: picture.payload,
    headers: { ...picture.headers, ...ann.headers },
  });
  expectStatus(pictured, 201);
  expectStatus(
    await c.send(ann, 'POST', '/account_attribute?account_attribute_key=storage_warning_level', {
      payload: { value: '80' },
    }),
    200,
  );
  return {
    c,
    ann,
    bo,
    cy,
    annTimeline,
    boTimeline,
    annAlbum,
    boAlbum,
    boOwn,
    annInBo,
    boInAnnAlbum,
    cyShare: cyShare.json<CreatedShare>().id,
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;

async function comment(
  c: ReturnType<typeof albumClient>,
  who: Session,
  job: string,
  file: string,
  text: string,
) {
  expectStatus(
    await c.send(who, 'POST', `/jobs/${job}/files_by_id/${file}/comments`, { payload: { comment: text } }),
    200,
  );
}

/** Rows naming `userId` in every table that can: none may be left once the job is done. */
export async function rowsNaming(t: TestApp, userId: string): Promise<Record<string, number>> {
  const db = t.database.db;
  const count = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length;
  return {
    users: await count(db.selectFrom('users').select('id').where('id', '=', userId)),
    sessions: await count(db.selectFrom('sessions').select('id').where('user_id', '=', userId)),
    jobs: await count(db.selectFrom('jobs').select('id').where('owner_id', '=', userId)),
    files: await count(db.selectFrom('files').select('id').where('added_by', '=', userId)),
    blobs: await count(db.selectFrom('blobs').select('id').where('owner_id', '=', userId)),
    comments: await count(db.selectFrom('comments').select('id').where('user_id', '=', userId)),
    reactions: await count(db.selectFrom('reactions').select('file_id').where('user_id', '=', userId)),
    members: await count(db.selectFrom('job_members').select('job_id').where('user_id', '=', userId)),
    consents: await count(db.selectFrom('consent_events').select('key').where('user_id', '=', userId)),
    clientStats: await count(db.selectFrom('client_stats').select('id').where('user_id', '=', userId)),
    legacy: await count(db.selectFrom('digital_legacy').select('user_id').where('user_id', '=', userId)),
    options: await count(db.selectFrom('user_options').select('name').where('user_id', '=', userId)),
    logins: await count(db.selectFrom('login_requests').select('id').where('user_id', '=', userId)),
    pictures: await count(db.selectFrom('profile_pictures').select('user_id').where('user_id', '=', userId)),
    attributes: await count(db.selectFrom('account_attributes').select('key').where('user_id', '=', userId)),
    grants: await count(db.selectFrom('grants').select('id').where('user_id', '=', userId)),
  };
}

/**
 * Every blob row's bytes are stored and every stored key is named by a row, and each user's
 * used space is the sum of their blobs: what `trove fsck` checks, with nothing to repair.
 */
export async function expectConsistent(t: TestApp): Promise<void> {
  const store = createFsBlobStore(t.config.DATA_DIR, { reserveBytes: 0 });
  const report = await runFsck(
    {
      fsck: createFsckRepository(t.database.db),
      repos: createRepositories(t.database.db),
      store,
      transact: createTransact(t.database.db),
    },
    // Everything counts as old: the test's clock and the files' times may be apart.
    { graceMs: 0, dryRun: true, now: () => Math.max(Date.now(), t.clock.now()) + 1 },
  );
  expect(report.orphansRemoved, 'stored bytes no row names').toEqual([]);
  expect(report.missingBlobs).toEqual([]);
  expect(report.corruptBlobs).toEqual([]);
  expect(report.blobsReleased).toEqual([]);
  const users = await t.database.db.selectFrom('users').select(['id', 'used_space']).execute();
  const blobs = await t.database.db.selectFrom('blobs').select(['owner_id', 'size']).execute();
  for (const user of users) {
    const sum = blobs
      .filter((blob) => blob.owner_id === user.id)
      .reduce((total, blob) => total + blob.size, 0);
    expect(user.used_space, `used space of ${user.id}`).toBe(sum);
  }
}

/** The messages in the test's outbox, as text. */
export function outboxMessages(t: TestApp): string[] {
  const dir = outboxOf(t);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
}
