import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedShare } from '@trove/contract';
import { albumClient, expectStatus } from '../../test/albums.ts';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  signUp,
  timelineOf,
  uploadFile,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import { parseRawMessage, startTestSmtpServer, type TestSmtpServer } from '../../mail/smtp.test-support.ts';

/** A share of one photo by a new account. */
async function shareFor(t: TestApp, c: ReturnType<typeof albumClient>, name = 'Ann') {
  const owner = await signUp(t.app, { name });
  const timeline = await timelineOf(t.app, owner);
  const photo = (
    await uploadFile(t.app, owner, timeline, { path: 'Camera/a.jpg', content: fakeJpeg(3300) })
  ).json<{ uuid: string }>().uuid;
  const r = await c.send(owner, 'POST', '/shares', {
    payload: { source_job: timeline, file_uuids: [photo] },
  });
  return { owner, share: r.json<CreatedShare>() };
}

/**
 * POST /jobs/{id}/publish (spec 000 §5, §7; issue #15): a share sent by e-mail and an album
 * invite, through a real SMTP server started here (smtp-server), one message per recipient,
 * in the sender's language, with a link that opens the share; header injection impossible.
 */
describe.each(DIALECTS)('publish (%s)', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let c: ReturnType<typeof albumClient>;
  const origin = { origin: 'http://localhost' };
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp(dialect, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Trove <no-reply@trove.test>' },
    });
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const shareOf = (name = 'Ann') => shareFor(t, c, name);
  const to = (address: string) => (m: { to: string[] }) => m.to.includes(address);

  it('sends a share to each recipient alone, in the sender language, with a link that opens it', async () => {
    const { owner, share } = await shareOf('Åse Nordmann');
    const r = await c.send(owner, 'POST', `/jobs/${share.id}/publish`, {
      headers: origin,
      payload: {
        to_email: 'bo@example.com, cy@example.com',
        subject: 'Hytta i sommer',
        message: 'Se <b>her</b>!',
        locale: 'nb_NO',
      },
    });
    expectStatus(r, 200);
    expect(r.json()).toEqual({ sent: 2, delivery: 'sent' });
    const bo = await smtp.waitForMessage(to('bo@example.com'));
    const cy = await smtp.waitForMessage(to('cy@example.com'));
    // Nobody learns the others' addresses.
    expect(bo.to).toEqual(['bo@example.com']);
    expect(bo.parsed.header('to')).not.toContain('cy@example.com');
    expect(cy.to).toEqual(['cy@example.com']);
    expect(bo.parsed.header('subject')).toBe('Hytta i sommer');
    expect(bo.parsed.header('reply-to')).toContain(owner.email);
    expect(bo.parsed.header('from')).toContain('no-reply@trove.test');
    const link = `http://localhost/share/${share.id}?m=se`;
    expect(bo.parsed.text).toContain(link);
    expect(bo.parsed.text).toContain('Åse Nordmann har delt bilder med deg');
    expect(bo.parsed.html).toContain('Se &lt;b&gt;her&lt;/b&gt;!');
    // The link opens the share for someone without an account.
    const opened = await c.send(
      { visitor: true },
      'GET',
      `/shares/${new URL(link).pathname.split('/')[2] ?? ''}`,
    );
    expectStatus(opened, 200);
  });

  it('never builds the link from a forged origin, and lets no header in through the subject', async () => {
    const { owner, share } = await shareOf();
    await c.send(owner, 'POST', `/jobs/${share.id}/publish`, {
      headers: { origin: 'https://evil.example' },
      payload: { to_email: 'dee@example.com', subject: 'Hi\r\nBcc: spy@evil.example', locale: 'en_US' },
    });
    const mail = await smtp.waitForMessage(to('dee@example.com'));
    expect(mail.to).toEqual(['dee@example.com']);
    expect(mail.raw.toString('latin1')).not.toMatch(/^bcc:/im);
    expect(mail.parsed.text).not.toContain('evil.example');
    expect(mail.parsed.text).toContain(`http://localhost/share/${share.id}?m=se`);
  });

  it('refuses invalid recipients and an empty subject (spec 000 §5), and anyone but the owner', async () => {
    const { owner, share } = await shareOf();
    const bad = (payload: object) =>
      c.send(owner, 'POST', `/jobs/${share.id}/publish`, { headers: origin, payload });
    expectStatus(await bad({ to_email: 'bo@example.com,', subject: 'x' }), 400, 'validation_failed');
    expectStatus(await bad({ to_email: 'not an address', subject: 'x' }), 400, 'validation_failed');
    expectStatus(await bad({ to_email: 'bo@example.com', subject: '   ' }), 400, 'validation_failed');
    const stranger = await signUp(t.app);
    const body = { payload: { to_email: 'bo@example.com', subject: 'x' } };
    expectStatus(await c.send(stranger, 'POST', `/jobs/${share.id}/publish`, body), 404, 'not_found');
    expectStatus(await c.send({ visitor: true }, 'POST', `/jobs/${share.id}/publish`, body), 401);
  });

  it('invites to a shared album with its link; a private album cannot be published', async () => {
    const owner = await signUp(t.app, { name: 'Ola' });
    const album = await c.createShared(owner, 'Sommer <2026>');
    const r = await c.send(owner, 'POST', `/jobs/${album.id}/publish`, {
      headers: origin,
      payload: { to_email: 'eve@example.com', subject: 'Album', locale: 'sv_SE' },
    });
    expectStatus(r, 200);
    const mail = await smtp.waitForMessage(to('eve@example.com'));
    expect(mail.parsed.text).toContain(`http://localhost/a/${album.id}`);
    expect(mail.parsed.html).toContain('Sommer &lt;2026&gt;');
    const hidden = await c.create(owner, { name: 'Private' });
    const refused = await c.send(owner, 'POST', `/jobs/${hidden.id}/publish`, {
      payload: { to_email: 'eve@example.com', subject: 'x' },
    });
    expectStatus(refused, 404, 'not_found');
  });

  const publish = (owner: Session, job: string, to: string[]) =>
    c.send(owner, 'POST', `/jobs/${job}/publish`, { payload: { to_email: to.join(', '), subject: 'x' } });
  it('counts messages per recipient address across senders: 5 an hour, 20 a day', async () => {
    const senders = await Promise.all(Array.from({ length: 6 }, () => shareOf()));
    const answers: number[] = [];
    for (const { owner, share } of senders)
      answers.push((await publish(owner, share.id, ['target@example.com'])).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    for (let hour = 1; hour <= 4; hour++) {
      t.clock.advance(3_600_000);
      const more = await Promise.all(Array.from({ length: 5 }, () => shareOf()));
      const statuses: number[] = [];
      for (const { owner, share } of more)
        statuses.push((await publish(owner, share.id, ['target@example.com'])).statusCode);
      expect(statuses).toEqual(hour < 4 ? [200, 200, 200, 200, 200] : [429, 429, 429, 429, 429]);
    }
  });

  it('refuses an address named twice, and the same share to the same address within a day', async () => {
    const { owner, share } = await shareOf();
    expectStatus(
      await publish(owner, share.id, ['Dup@example.com', 'other@example.com', 'dup@EXAMPLE.com']),
      400,
      'duplicate_recipient',
    );
    expectStatus(await publish(owner, share.id, ['again@example.com']), 200);
    expectStatus(
      await publish(owner, share.id, ['new@example.com', 'Again@example.com']),
      409,
      'already_sent',
    );
    // Nothing of a refused call was sent or counted: new@ can still be sent to.
    expect(smtp.messages.some((m) => m.to.includes('new@example.com'))).toBe(false);
    expectStatus(await publish(owner, share.id, ['new@example.com']), 200);
    t.clock.advance(24 * 3_600_000 + 1);
    expectStatus(await publish(owner, share.id, ['again@example.com']), 200);
  });
});

/** The sender's limits, on the outbox mailer (200 messages through SMTP would be slow). */
describe.each(DIALECTS)('publish limits (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });
  const outboxFiles = () => fs.readdirSync(path.join(t.config.DATA_DIR, 'outbox'));
  const publish = (owner: Session, job: string, to: string[]) =>
    c.send(owner, 'POST', `/jobs/${job}/publish`, { payload: { to_email: to.join(', '), subject: 'x' } });
  const addresses = (tag: string, n: number) =>
    Array.from({ length: n }, (_, i) => `${tag}${String(i)}@example.com`);
  const shareOf = () => shareFor(t, c);

  it('counts recipients per sender: 50 an hour, 200 a day (issue #23)', { timeout: 120_000 }, async () => {
    const { owner, share } = await shareOf();
    for (let i = 0; i < 2; i++)
      expectStatus(await publish(owner, share.id, addresses(`h${String(i)}-`, 20)), 200);
    // 40 sent: ten more fit, eleven do not, and a refused call sends none.
    const refused = await publish(owner, share.id, addresses('h2-', 11));
    expectStatus(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(outboxFiles()).toHaveLength(40);
    expectStatus(await publish(owner, share.id, addresses('h3-', 10)), 200);
    expectStatus(await publish(owner, share.id, ['h4@example.com']), 429, 'rate_limited');
    // A new hour: the day's budget (200) still counts the first 50.
    for (let hour = 0; hour < 3; hour++) {
      t.clock.advance(3_600_000);
      for (let i = 0; i < 5; i++)
        expectStatus(await publish(owner, share.id, addresses(`d${String(hour)}${String(i)}-`, 10)), 200);
    }
    t.clock.advance(3_600_000);
    expectStatus(await publish(owner, share.id, ['late@example.com']), 429, 'rate_limited');
    t.clock.advance(24 * 3_600_000);
    expectStatus(await publish(owner, share.id, ['late@example.com']), 200);
  });
});

describe('publish without SMTP_URL', () => {
  it('keeps each message as an .eml file in DATA_DIR/outbox (the embedded default)', async () => {
    const t = await createTestApp('sqlite');
    try {
      const c = albumClient(t);
      const owner = await signUp(t.app);
      const timeline = await timelineOf(t.app, owner);
      const photo = (
        await uploadFile(t.app, owner, timeline, { path: 'Camera/a.jpg', content: fakeJpeg(3000) })
      ).json<{
        uuid: string;
      }>().uuid;
      const share = (
        await c.send(owner, 'POST', '/shares', { payload: { source_job: timeline, file_uuids: [photo] } })
      ).json<CreatedShare>();
      const r = await c.send(owner, 'POST', `/jobs/${share.id}/publish`, {
        payload: { to_email: 'fay@example.com', subject: 'Outbox', locale: 'bg_BG' },
      });
      expectStatus(r, 200);
      // The sender is told nobody received it yet (issue #23: mail honesty).
      expect(r.json()).toEqual({ sent: 1, delivery: 'outbox' });
      const outbox = path.join(t.config.DATA_DIR, 'outbox');
      const files = fs.readdirSync(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const parsed = parseRawMessage(fs.readFileSync(path.join(outbox, files[0] ?? '')));
      expect(parsed.header('to')).toContain('fay@example.com');
      expect(parsed.header('subject')).toBe('Outbox');
      expect(parsed.text).toContain(`/share/${share.id}?m=se`);
    } finally {
      await t.close();
    }
  });
});
