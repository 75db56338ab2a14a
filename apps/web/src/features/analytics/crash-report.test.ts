import { QueryClient } from '@tanstack/react-query';
import { ERROR_SAMPLE_RATE } from '@trove/contract';
import { afterEach, describe, expect, test } from 'vitest';
import { testFlags } from '../../lib/test-flags.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { anAccount } from '../../test/factories.ts';
import { accountKeys } from '../auth/api.ts';
import { crashReportOf, reportCrash, shouldReportCrash } from './crash-report.ts';

afterEach(() => {
  testFlags.set('report_every_crash', false);
  sessionStorage.clear();
});

describe('crash sampling (spec 001 §9 error sample rate 0.5)', () => {
  test('reports below the rate, not at or above it, and once per session', () => {
    const at = (n: number) => () => n;
    expect(ERROR_SAMPLE_RATE).toBe(0.5);
    expect(shouldReportCrash({ random: at(0.49), hasReported: false, reportsEvery: false })).toBe(true);
    expect(shouldReportCrash({ random: at(0.5), hasReported: false, reportsEvery: false })).toBe(false);
    expect(shouldReportCrash({ random: at(0.49), hasReported: true, reportsEvery: false })).toBe(false);
    expect(shouldReportCrash({ random: at(0.99), hasReported: false, reportsEvery: true })).toBe(true);
  });
});

describe('crash report', () => {
  test('scrubs ids and query strings, and keeps the first lines of both stacks', () => {
    const error = new TypeError('failed at https://x.example/a?token=secret');
    const report = crashReportOf(error, '\n    at Timeline\n    at Layout', '/photos/abc123def456ghi', 5);
    expect(report).toMatchObject({
      name: 'TypeError',
      message: 'failed at https://x.example/a',
      path: '/photos/{fileId}',
      time: 5,
    });
    expect(report.stack).toContain('at Timeline');
    expect(report.stack).not.toContain('secret');
  });

  function setup(permitted: string[]) {
    const { api, requests } = fakeApi({ 'POST /st/4/client_errors': { body: { accepted: true } } });
    const queryClient = new QueryClient();
    queryClient.setQueryData(accountKeys.info(), anAccount({ permitted_services: permitted }));
    return { deps: { api, queryClient, storage: sessionStorage, random: () => 0.1 }, requests };
  }

  test('is sent once per session while analytics is permitted', async () => {
    const { deps, requests } = setup(['analytics']);
    expect(await reportCrash(deps, new Error('boom'), '')).toBe(true);
    expect(await reportCrash(deps, new Error('again'), '')).toBe(false);
    expect(requests.map((r) => [r.method, r.url.pathname, (r.body as { message: string }).message])).toEqual([
      ['POST', '/st/4/client_errors', 'boom'],
    ]);
  });

  test('is not sent without consent, nor when not sampled unless the test flag says every crash', async () => {
    const refused = setup([]);
    expect(await reportCrash(refused.deps, new Error('boom'), '')).toBe(false);
    expect(refused.requests).toEqual([]);

    const unsampled = setup(['analytics']);
    expect(await reportCrash({ ...unsampled.deps, random: () => 0.7 }, new Error('boom'), '')).toBe(false);
    expect(unsampled.requests).toEqual([]);
    testFlags.set('report_every_crash', true);
    expect(await reportCrash({ ...unsampled.deps, random: () => 0.7 }, new Error('boom'), '')).toBe(true);
  });
});
