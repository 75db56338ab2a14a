import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories, createTransact } from '../modules/repositories.ts';
import { DIALECTS, createTestApp, signUp, type TestApp } from '../test/harness.ts';
import { emailConsentIdsFromSecret } from '../access/email-consent-ids.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { createInProcessEventBus } from '../events/event-bus.ts';
import { runAdminCommand } from './cli.ts';

/**
 * `trove admin …` (issue #24) on a real database: the operator's side without the web, every
 * action in the audit log under the system user who ran it.
 */
describe.each(DIALECTS)('trove admin (%s)', (dialect) => {
  let t: TestApp;
  const files = new Map<string, string>();
  const sent: MailMessage[] = [];
  const emailConsentIds = emailConsentIdsFromSecret(Buffer.alloc(32, 7));
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  async function admin(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const announced: string[] = [];
    // A second apart, as commands typed one after another are: the log is in time order.
    t.clock.advance(1000);
    const code = await runAdminCommand(
      {
        repos: createRepositories(t.database.db),
        transact: createTransact(t.database.db),
        revocations: {
          announce: (ids) => {
            announced.push(...ids);
            return Promise.resolve();
          },
        },
        baseQuotaBytes: t.config.BASE_QUOTA_BYTES,
        now: t.clock.now,
        bus: createInProcessEventBus(),
        systemUser: 'root',
        announcements: {
          mailer: {
            delivery: 'sent',
            send: (message) => {
              sent.push(message);
              return Promise.resolve({ messageId: `<${String(sent.length)}@test>` });
            },
            close: () => Promise.resolve(),
          },
          emailConsentIds,
          origin: () => 'https://photos.example.com',
        },
      },
      args,
      {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        readFile: (file) => {
          const text = files.get(file);
          if (text === undefined) throw new Error(`no file ${file}`);
          return text;
        },
      },
    );
    return { code, out: out.join('\n'), err: err.join('\n'), announced };
  }

  it('names operators, disables and enables accounts, and lists them', async () => {
    const first = await signUp(t.app);
    const other = await signUp(t.app);
    expect((await admin('operator', other.email)).code).toBe(0);
    const disabled = await admin('disable', other.email);
    expect(disabled).toMatchObject({ code: 0, out: `admin: ${other.email} is disabled` });
    // The sessions it ended are told to the serving processes.
    expect(disabled.announced).toHaveLength(1);
    const users = await admin('users');
    expect(users.out).toContain(`${other.email}\tdisabled operator`);
    expect(users.out).toContain(`${first.email}\tactive operator`);
    expect((await admin('enable', other.email)).out).toBe(`admin: ${other.email} is active`);
    expect((await admin('operator', other.email, '--revoke')).code).toBe(0);
    expect((await admin('users', other.email)).out).toContain(`${other.email}\tactive\t`);
    expect(await admin('disable', 'nobody@example.com')).toMatchObject({
      code: 1,
      err: 'admin: no account nobody@example.com',
    });
    const audit = await admin('audit', '--limit', '4');
    expect(audit.out.split('\n').map((line) => line.split('\t').slice(1))).toEqual([
      ['cli:root', 'operator.revoke', other.email],
      ['cli:root', 'user.enable', other.email],
      ['cli:root', 'user.disable', other.email],
      ['cli:root', 'operator.grant', other.email],
    ]);
  });

  it('publishes terms from files and writes, lists and ends cards', async () => {
    files.set('en.txt', 'The terms.\nSecond line.');
    files.set('nb.txt', 'Vilkårene.');
    expect((await admin('terms', 'publish', 'v1', 'en_US=en.txt', 'nb_NO=nb.txt')).code).toBe(0);
    expect((await admin('terms', 'list')).out).toMatch(/^v1\t.*\ten_US,nb_NO\t0 accepted$/);
    // Without English, with a language it does not know, twice: refused, saying why.
    files.set('sv.txt', 'Villkoren.');
    expect(await admin('terms', 'publish', 'v2', 'sv_SE=sv.txt')).toMatchObject({ code: 1 });
    expect((await admin('terms', 'publish', 'v2', 'de_DE=sv.txt')).code).toBe(2);
    expect(await admin('terms', 'publish', 'v1', 'en_US=en.txt')).toMatchObject({
      code: 1,
      err: 'admin: This version exists already',
    });

    files.set(
      'card.json',
      JSON.stringify({
        client_values: {
          title: 'Maintenance tonight',
          illustration: 'warning',
          body: 'From 22:00.',
          primary_cta: {
            label: 'OK',
            dismiss_on_tap: true,
            web_action: { action_type: 'internal_navigation', url: '/photos' },
          },
        },
        audience: { kind: 'all' },
      }),
    );
    const added = await admin('cards', 'add', 'card.json');
    const id = /card (\S+) written/.exec(added.out)?.[1] ?? '';
    expect((await admin('cards', 'list')).out).toContain(`${id}\tMaintenance tonight\tall`);
    expect((await admin('cards', 'end', id)).code).toBe(0);
    files.set('bad.json', files.get('card.json')?.replace('/photos', 'javascript:alert(1)') ?? '');
    expect((await admin('cards', 'add', 'bad.json')).err).toContain(
      'client_values.primary_cta.web_action.url',
    );
    expect((await admin('cards')).code).toBe(2);
  });

  it('announce e-mails exactly the accounts that chose to stay up to date, each its own link', async () => {
    const consenting = await signUp(t.app);
    const silent = await signUp(t.app);
    const withdrawn = await signUp(t.app);
    const set = (s: typeof consenting, value: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/st/4/data_protection/consent_values?${s.query}`,
        headers: s.headers,
        payload: { key: 'stay_up_to_date__email', value },
      });
    await set(consenting, true);
    await set(withdrawn, true);
    await set(withdrawn, false);
    files.set('news.txt', 'Albums can have a password now.\n\nEnjoy.');
    sent.length = 0;
    const result = await admin('announce', 'News from Trove', 'news.txt', '--locale', 'nb_NO');
    expect(result).toMatchObject({ code: 0 });
    // Queued as the admin area queues it, then run here to its end (e2e privacy.spec reads this).
    expect(result.out).toMatch(/announcement sent for 1 of 1 accounts$/);
    const to = sent.flatMap((m) => m.to);
    expect(to).toContain(consenting.email);
    expect(to).not.toContain(silent.email);
    expect(to).not.toContain(withdrawn.email);
    const mine = sent.find((m) => m.to[0] === consenting.email);
    expect(mine?.subject).toBe('News from Trove');
    expect(mine?.text).toContain('Meld deg av: https://photos.example.com/settings/unsubscribe?id=');
    const id = decodeURIComponent(new URL(mine?.listUnsubscribe ?? 'x:').searchParams.get('id') ?? '');
    expect(mine?.listUnsubscribe).toMatch(
      /^https:\/\/photos\.example\.com\/user\/email_consent\/one_click\?id=/,
    );
    expect(emailConsentIds.open(id)).toBe(consenting.userId);
    const audit = await admin('audit', '--limit', '1');
    expect(audit.out).toContain('cli:root\tannouncement.send\tNews from Trove');
    expect((await admin('announce', 'Only a subject')).code).toBe(2);
  });

  it('grants storage, lists and ends grants (issue #25), each in the audit log', async () => {
    const user = await signUp(t.app);
    expect((await admin('grant', user.email, 'gift', '10')).code).toBe(2);
    expect((await admin('grant', user.email, 'customer_service', '0')).code).toBe(2);
    expect((await admin('grant', user.email, 'b2b', '1', '--expires', '2000-01-01')).code).toBe(2);
    expect((await admin('grant', 'nobody@example.com', 'b2b', '1')).code).toBe(1);
    const granted = await admin('grant', user.email, 'customer_service', '5', '--expires', '2100-01-01');
    expect(granted.code).toBe(0);
    const id = /grant ([0-9a-f-]{36})/.exec(granted.out)?.[1] ?? '';
    const base = t.config.BASE_QUOTA_BYTES / 1024 ** 3;
    expect(granted.out).toBe(`admin: grant ${id}: ${user.email} may now use ${(base + 5).toFixed(2)} GiB`);
    expect((await admin('grants', user.email)).out).toBe(
      `${id}\tcustomer_service\t5.00 GiB\texpires 2100-01-01T00:00:00.000Z`,
    );
    expect(await admin('end-grant', id)).toMatchObject({ code: 0, out: `admin: grant ${id} ended` });
    expect(await admin('end-grant', id)).toMatchObject({ code: 1, err: `admin: no live grant ${id}` });
    expect((await admin('grants', user.email)).out).toBe('');
    const audit = await admin('audit', '--limit', '2');
    expect(audit.out).toContain(`cli:root\tgrant.end\t${user.email}`);
    expect(audit.out).toContain(`cli:root\tgrant.create\t${user.email}`);
    expect((await admin('read-only', user.email)).out).toBe(`admin: ${user.email} is now read-only`);
    expect((await admin('read-only', user.email)).out).toBe(`admin: ${user.email} already was read-only`);
    expect((await admin('users', user.email)).out).toContain(`${user.email}\tread_only`);
    expect((await admin('read-only', user.email, '--revoke')).out).toBe(
      `admin: ${user.email} is now writable`,
    );
    expect((await admin('audit', '--limit', '1')).out).toContain(`cli:root\tuser.writable\t${user.email}`);
  });
});
