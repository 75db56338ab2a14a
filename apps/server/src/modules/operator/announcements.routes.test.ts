import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConsentIdsFromSecret } from '../../access/email-consent-ids.ts';
import { resolveServerSecret } from '../../secrets/server-secret.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { DIALECTS, createTestApp, signUp, type Session, type TestApp } from '../../test/harness.ts';
import { createRepositories, createTransact } from '../repositories.ts';
import { ANNOUNCEMENT_KIND, createAnnouncementJob } from './announcements.job.ts';

const ANNOUNCE = '/st/4/admin/announcements';

/**
 * POST /admin/announcements (issue #24): the operator's e-mail to accounts that chose to stay
 * up to date, queued and sent by its work item ([Note: Announcement sending]), each message
 * with its own unsubscribe link and the RFC 8058 headers, the link's one-click POST ending the
 * same consent; GET lists them with progress; anyone else gets a missing route's answer.
 */
describe.each(DIALECTS)('announcements (%s)', (dialect) => {
  let t: TestApp;
  let operator: Session & { email: string };
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    delivery: 'sent',
    send: (message) => {
      sent.push(message);
      return Promise.resolve({ messageId: `<${String(sent.length)}@test>` });
    },
    close: () => Promise.resolve(),
  };
  let secret: Buffer;
  beforeAll(async () => {
    t = await createTestApp(dialect, { deps: { mailer } });
    secret = (await resolveServerSecret({ config: t.config, db: t.database.db })).secret;
    operator = await signUp(t.app, { name: 'operator' });
  });

  /** Runs the queued announcement work items as a worker would: claim, run, complete. */
  async function drain() {
    const repos = createRepositories(t.database.db);
    const job = createAnnouncementJob({
      repos,
      transact: createTransact(t.database.db),
      mailer,
      emailConsentIds: emailConsentIdsFromSecret(secret),
      now: t.clock.now,
    });
    for (;;) {
      const item = await repos.workItems.claim(ANNOUNCEMENT_KIND, t.clock.now(), 30_000);
      if (!item) return;
      await job.handler(JSON.parse(item.payload) as Record<string, unknown>, {
        ...item,
        signal: new AbortController().signal,
      });
      await repos.workItems.complete(item.id);
    }
  }
  const list = (s: Session) => t.app.inject({ url: `${ANNOUNCE}?${s.query}`, headers: s.headers });
  afterAll(async () => {
    await t.close();
  });

  const consent = (s: Session, value: boolean) =>
    t.app.inject({
      method: 'POST',
      url: `/st/4/data_protection/consent_values?${s.query}`,
      headers: s.headers,
      payload: { key: 'stay_up_to_date__email', value },
    });
  const announce = (s: Session, payload: object) =>
    t.app.inject({ method: 'POST', url: `${ANNOUNCE}?${s.query}`, headers: s.headers, payload });

  it('sends to consenting accounts only, each its own one-click link that unsubscribes', async () => {
    const ann = await signUp(t.app);
    const bo = await signUp(t.app);
    await consent(ann, true);
    sent.length = 0;
    const response = await announce(operator, { subject: 'News', text: 'Hello <b>all</b>', locale: 'sv_SE' });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json<{ id: string }>();
    expect(response.json()).toEqual({ id, total: 1 });
    // Answered before anything went: the work item sends.
    expect(sent).toEqual([]);
    expect((await list(operator)).json()).toEqual({
      announcements: [
        expect.objectContaining({
          id,
          subject: 'News',
          locale: 'sv_SE',
          total: 1,
          sent: 0,
          state: 'sending',
        }),
      ],
    });
    await drain();
    expect(sent.map((m) => m.to)).toEqual([[ann.email]]);
    expect((await list(operator)).json()).toEqual({
      announcements: [
        {
          id,
          subject: 'News',
          locale: 'sv_SE',
          created_by: operator.email,
          created_at: expect.any(Number) as number,
          total: 1,
          sent: 1,
          failed: 0,
          state: 'done',
        },
      ],
    });
    const [message] = sent;
    expect(message?.html).toContain('Hello &lt;b&gt;all&lt;/b&gt;');
    expect(message?.html).toContain('Avregistrera dig');
    const oneClick = new URL(message?.listUnsubscribe ?? 'x:');
    expect(oneClick.pathname).toBe('/user/email_consent/one_click');
    expect(oneClick.searchParams.get('id')).not.toContain(ann.userId);

    const post = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    sent.length = 0;
    t.clock.advance(1000);
    expect((await announce(operator, { subject: 'More', text: 'Again' })).json()).toMatchObject({
      total: 0,
    });
    await drain();
    expect(sent).toEqual([]);
    expect(bo).toBeDefined();

    const audit = await t.app.inject({
      url: `/st/4/admin/audit?${operator.query}`,
      headers: operator.headers,
    });
    expect(audit.json<{ entries: { action: string; target_label: string }[] }>().entries.slice(0, 2)).toEqual(
      [
        expect.objectContaining({ action: 'announcement.send', target_label: 'More' }),
        expect.objectContaining({ action: 'announcement.send', target_label: 'News' }),
      ],
    );
  });

  it('is refused to anyone but an operator, as if it did not exist, and sends nothing', async () => {
    const user = await signUp(t.app);
    await consent(user, true);
    sent.length = 0;
    const refused = await announce(user, { subject: 'Spam', text: 'Buy' });
    expect(refused.statusCode).toBe(404);
    await drain();
    expect(sent).toEqual([]);
    const listing = await list(user);
    expect(listing.statusCode).toBe(404);
    expect(listing.body).not.toContain('News');
    expect((await list(operator)).statusCode).toBe(200);
    const invalid = await announce(operator, { subject: '', text: 'x' });
    expect(invalid.statusCode).toBe(400);
  });
});
