import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTermsResponse, TosDocument } from '@trove/contract';
import { expectStatus } from '../../test/albums.ts';
import { DIALECTS, createTestApp, signUp, type TestApp } from '../../test/harness.ts';
import { operatorAndUser, operatorClient } from './operator.test-support.ts';

/**
 * Terms of service with versions (spec 001 §3 ToS object, §4 Terms, §7 approve_tos; issue
 * #24): the operator publishes a version with its text per language; tos_to_approve names
 * the latest one the user has not accepted; approve_tos accepts only the latest, so a tab
 * opened before a newer version cannot clear that one.
 */
describe.each(DIALECTS)('terms of service (%s)', (dialect) => {
  let t: TestApp;
  let o: ReturnType<typeof operatorClient>;
  let people: Awaited<ReturnType<typeof operatorAndUser>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    o = operatorClient(t);
    people = await operatorAndUser(t);
  });
  afterAll(async () => {
    await t.close();
  });
  const approve = (version: string, who = people.user) =>
    o.send(who, 'POST', '/approve_tos', { payload: { tos_version: version } });

  it('asks every account to accept the latest version until it has, and accepts that one only', async () => {
    const { operator, user } = people;
    expect((await o.accountInfo(user)).tos_to_approve).toBeNull();
    expectStatus(await o.publishTerms(operator, '2026-11', { en_US: 'First terms.' }), 201);
    expect((await o.accountInfo(user)).tos_to_approve).toEqual({ version: '2026-11' });
    // The operator is asked too: they have an account like any other.
    expect((await o.accountInfo(operator)).tos_to_approve).toEqual({ version: '2026-11' });

    // A tab still showing 2026-11 when 2026-12 comes out cannot accept the new one by it.
    expectStatus(await o.publishTerms(operator, '2026-12', { en_US: 'Second terms.' }), 201);
    const stale = await approve('2026-11');
    expectStatus(stale, 409, 'tos_outdated');
    expectStatus(await approve('no-such-version'), 409, 'tos_outdated');
    expect((await o.accountInfo(user)).tos_to_approve).toEqual({ version: '2026-12' });

    expectStatus(await approve('2026-12'), 200);
    expect((await o.accountInfo(user)).tos_to_approve).toBeNull();
    // Accepting again changes nothing; a new account is asked.
    expectStatus(await approve('2026-12'), 200);
    expect((await o.accountInfo(await signUp(t.app))).tos_to_approve).toEqual({ version: '2026-12' });
    const { versions } = await o.ok<AdminTermsResponse>(o.send(operator, 'GET', '/admin/terms'));
    expect(versions.map((v) => [v.version, v.accepted])).toEqual([
      ['2026-12', 1],
      ['2026-11', 0],
    ]);
  });

  it('answers the text in the asked language, else English', async () => {
    const { operator, user } = people;
    expectStatus(
      await o.publishTerms(operator, 'lang-test', { en_US: 'In English.', nb_NO: 'På norsk.' }),
      201,
    );
    const text = async (lang: string) =>
      (await o.ok<TosDocument>(o.send(user, 'GET', `/tos/lang-test?app_lang=${lang}`))).text;
    expect(await text('nb_NO')).toBe('På norsk.');
    expect(await text('sv_SE')).toBe('In English.');
    const doc = await o.ok<TosDocument>(o.send(user, 'GET', '/tos/lang-test?app_lang=sv_SE'));
    expect(doc.locale).toBe('en_US');
    expectStatus(await o.send(user, 'GET', '/tos/never-published'), 404, 'not_found');
  });

  it('refuses a version without English, a label it cannot use, and one that exists', async () => {
    const { operator } = people;
    expectStatus(
      await o.publishTerms(operator, 'no-english', { nb_NO: 'Bare norsk.' }),
      400,
      'validation_failed',
    );
    expectStatus(await o.publishTerms(operator, 'has space', { en_US: 'x' }), 400, 'validation_failed');
    expectStatus(await o.publishTerms(operator, 'v9', { en_US: 'a\u0000b' }), 400, 'validation_failed');
    expectStatus(await o.publishTerms(operator, 'dup', { en_US: 'One.' }), 201);
    expectStatus(await o.publishTerms(operator, 'dup', { en_US: 'Two.' }), 409, 'conflict');
  });

  it('writes each publication to the audit log', async () => {
    const { operator } = people;
    t.clock.advance(1000);
    expectStatus(await o.publishTerms(operator, 'audited'), 201);
    const { entries } = await o.ok<{ entries: { actor: string; action: string; target_label: string }[] }>(
      o.send(operator, 'GET', '/admin/audit?limit=1'),
    );
    expect(entries).toEqual([
      expect.objectContaining({ actor: operator.email, action: 'terms.publish', target_label: 'audited' }),
    ]);
  });
});
