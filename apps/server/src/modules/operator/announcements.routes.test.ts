import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../mail/mailer.ts';
import { DIALECTS, createTestApp, signUp, type Session, type TestApp } from '../../test/harness.ts';

const ANNOUNCE = '/st/4/admin/announcements';

/**
 * POST /admin/announcements (issue #24): the operator's e-mail to accounts that chose to stay
 * up to date, each message with its own unsubscribe link and the RFC 8058 headers, the
 * link's one-click POST ending the same consent; anyone else gets a missing route's answer.
 */
describe.each(DIALECTS)('announcements (%s)', (dialect) => {
  let t: TestApp;
  let operator: Session;
  const sent: MailMessage[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      deps: {
        mailer: {
          delivery: 'sent',
          send: (message) => {
            sent.push(message);
            return Promise.resolve({ messageId: `<${String(sent.length)}@test>` });
          },
          close: () => Promise.resolve(),
        },
      },
    });
    operator = await signUp(t.app, { name: 'operator' });
  });
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
    expect(response.json()).toEqual({ recipients: 1, sent: 1, failed: 0, delivery: 'sent' });
    expect(sent.map((m) => m.to)).toEqual([[ann.email]]);
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
      recipients: 0,
    });
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
    expect(sent).toEqual([]);
    const invalid = await announce(operator, { subject: '', text: 'x' });
    expect(invalid.statusCode).toBe(400);
  });
});
