import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConsentIdsFromSecret } from '../../access/email-consent-ids.ts';
import { resolveServerSecret } from '../../secrets/server-secret.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { LEASE_MS } from '../../queue/work-queue.ts';
import { DIALECTS, createTestApp, signUp, type Session, type TestApp } from '../../test/harness.ts';
import { createRepositories, createTransact, type Transact } from '../repositories.ts';
import { createAnnouncementJob } from './announcements.job.ts';

/**
 * [Note: Announcement sending]: a run that dies part-way (its database write refused after
 * some batches), a second run of the same item, two runs at once and a message that fails
 * never mail anyone twice, never skip a consenting account, and count what failed.
 */
describe.each(DIALECTS)('announcement work item (%s)', (dialect) => {
  let t: TestApp;
  let operator: Session;
  let secret: Buffer;
  const readers: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // The app's own key: the worker resolves it from the same database.
    secret = (await resolveServerSecret({ config: t.config, db: t.database.db })).secret;
    operator = await signUp(t.app, { name: 'operator' });
    for (let i = 0; i < 7; i++) {
      const s = await signUp(t.app);
      const consent = await t.app.inject({
        method: 'POST',
        url: `/st/4/data_protection/consent_values?${s.query}`,
        headers: s.headers,
        payload: { key: 'stay_up_to_date__email', value: true },
      });
      expect(consent.statusCode).toBe(200);
      readers.push(s.email);
    }
    readers.sort();
  });
  afterAll(async () => {
    await t.close();
  });

  async function queue(subject: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: `/st/4/admin/announcements?${operator.query}`,
      headers: operator.headers,
      payload: { subject, text: 'Hello' },
    });
    expect(response.json()).toMatchObject({ total: readers.length });
    return response.json<{ id: string }>().id;
  }

  function job(mailer: Mailer, transact: Transact = createTransact(t.database.db)) {
    return createAnnouncementJob({
      repos: createRepositories(t.database.db),
      transact,
      mailer,
      emailConsentIds: emailConsentIdsFromSecret(secret),
      now: t.clock.now,
      batch: 2,
    });
  }
  const recording = (sent: MailMessage[], fail?: (n: number) => boolean): Mailer => {
    let tries = 0;
    return {
      delivery: 'sent',
      send: (message) => {
        tries += 1;
        if (fail?.(tries)) return Promise.reject(new Error('smtp refused'));
        sent.push(message);
        return Promise.resolve({ messageId: `<${String(sent.length)}@test>` });
      },
      close: () => Promise.resolve(),
    };
  };
  const to = (sent: MailMessage[]) => sent.flatMap((m) => m.to).sort();
  const progress = (id: string) => createRepositories(t.database.db).announcements.find(id);

  it('a run that dies after some batches, run again, reaches everyone else once', async () => {
    const id = await queue('Crash');
    const sent: MailMessage[] = [];
    // The database refuses the 4th recording: as a worker killed right after that message went.
    let writes = 0;
    const real = createTransact(t.database.db);
    const dying: Transact = (fn) => {
      writes += 1;
      if (writes === 5) return Promise.reject(new Error('worker died'));
      return real(fn);
    };
    await expect(job(recording(sent), dying).run(id, 'http://x')).rejects.toThrow('worker died');
    expect(sent).toHaveLength(4);
    const firstRun = to(sent);
    // Too soon: the 4th recipient may still be in flight with another runner.
    await expect(job(recording(sent)).run(id, 'http://x')).rejects.toThrow(/in flight/);
    t.clock.advance(LEASE_MS + 1);
    await job(recording(sent)).run(id, 'http://x');
    // Nobody twice, nobody skipped; the one whose outcome is unknown is counted failed.
    expect(to(sent)).toEqual(readers);
    expect(new Set(firstRun).size).toBe(4);
    expect(await progress(id)).toMatchObject({ total: 7, sent: 6, failed: 1, state: 'done' });
    // The item run once more (a retry after the last commit) sends nothing.
    await job(recording(sent)).run(id, 'http://x');
    expect(sent).toHaveLength(readers.length);
  });

  it('two runs at once mail each recipient exactly once', async () => {
    const id = await queue('Twice');
    const sent: MailMessage[] = [];
    await Promise.allSettled([
      job(recording(sent)).run(id, 'http://x'),
      job(recording(sent)).run(id, 'http://x'),
    ]);
    await job(recording(sent)).run(id, 'http://x');
    expect(to(sent)).toEqual(readers);
    expect(await progress(id)).toMatchObject({ sent: 7, failed: 0, state: 'done' });
  });

  it('a message the mail server refuses is counted and the rest still go', async () => {
    const id = await queue('Refused');
    const sent: MailMessage[] = [];
    await job(recording(sent, (n) => n === 3)).run(id, 'http://x');
    expect(sent).toHaveLength(6);
    expect(await progress(id)).toMatchObject({ sent: 6, failed: 1, state: 'done' });
  });
});
