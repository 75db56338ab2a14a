import { describe, expect, it } from 'vitest';
import { ConsentKey, MAX_STATISTICS_EVENTS, pathForAnalytics, StatisticsEventsBody } from './index.ts';

const JOB = '0b6d2c6e-4f5a-4b7e-9a61-3c2f1d0e9b8a';
const FILE = '7e1f0a3c-2b4d-4c8e-8f9a-1d2c3b4a5e6f';

describe('pathForAnalytics (spec 000 §2 helper rules)', () => {
  it('replaces job and file ids by what they are, after the routes that hold them', () => {
    expect(pathForAnalytics(`/photos/${FILE}`)).toBe('/photos/{fileId}');
    expect(pathForAnalytics('/photos/a')).toBe('/photos/{fileId}');
    expect(pathForAnalytics(`/albums/${JOB}`)).toBe('/albums/{jobId}');
    expect(pathForAnalytics(`/carousel/${JOB}/${FILE}`)).toBe('/carousel/{jobId}/{fileId}');
    expect(pathForAnalytics(`/comments/${JOB}/${FILE}`)).toBe('/comments/{jobId}/{fileId}');
    expect(pathForAnalytics(`/st/4/jobs/${JOB}/files`)).toBe('/st/4/jobs/{id}/files');
  });

  it("hides a share's id, the link's secret, even one without a digit", () => {
    const share = 'AbcdefghIjklmnopQrstuvwxYz_-abcd';
    expect(pathForAnalytics(`/share/${share}`)).toBe('/share/{jobId}');
    expect(pathForAnalytics(`/share/${share}/copyShare`)).toBe('/share/{jobId}/copyShare');
    expect(pathForAnalytics(`/selectPhotos/${share}`)).toBe('/selectPhotos/{jobId}');
    expect(pathForAnalytics('/selectPhotos')).toBe('/selectPhotos');
  });

  it('keeps route words and pages without ids', () => {
    expect(pathForAnalytics(`/albums/${JOB}/edit/a`)).toBe('/albums/{jobId}/edit/a');
    expect(pathForAnalytics(`/a/${JOB}/createNew`)).toBe('/a/{jobId}/createNew');
    expect(pathForAnalytics(`/a/${JOB}/${FILE}/copyAlbum`)).toBe('/a/{jobId}/{fileId}/copyAlbum');
    expect(pathForAnalytics('/photos')).toBe('/photos');
    expect(pathForAnalytics('/photos/')).toBe('/photos/');
    expect(pathForAnalytics('/settings/devices')).toBe('/settings/devices');
    expect(pathForAnalytics('/')).toBe('/');
  });

  it('replaces id-looking segments anywhere else, and drops query and hash', () => {
    expect(pathForAnalytics(`/unknown/${FILE}`)).toBe('/unknown/{id}');
    expect(pathForAnalytics('/x/aGVsbG8gd29ybGQ1MjM=')).toBe('/x/{id}');
    expect(pathForAnalytics(`/photos/${FILE}?albumIDB64=abc#autoPlay`)).toBe('/photos/{fileId}');
    expect(pathForAnalytics('/constructor/x')).toBe('/constructor/x');
  });
});

describe('privacy schemas (spec 001 Privacy consents)', () => {
  it('knows the consent keys of the spec and nothing else', () => {
    expect(ConsentKey.safeParse('help_us_improve').success).toBe(true);
    expect(ConsentKey.safeParse('stay_up_to_date__sms').success).toBe(true);
    expect(ConsentKey.safeParse('sell_my_data').success).toBe(false);
  });

  it('accepts small flat events and refuses bad names, nested props, big events and big batches', () => {
    const ok = { name: 'unsupported_media', path: '/photos/{fileId}', props: { type: 'Pictures', n: 1 } };
    expect(StatisticsEventsBody.safeParse({ events: [ok] }).success).toBe(true);
    const bad = [
      { name: 'Bad-Name' },
      { name: '' },
      { name: 'x'.repeat(65) },
      { name: 'ok', props: { nested: { a: 1 } } },
      { name: 'ok', props: { list: [1] } },
      { name: 'ok', props: { big: 'é'.repeat(1100) } },
    ];
    for (const event of bad) expect(StatisticsEventsBody.safeParse({ events: [event] }).success).toBe(false);
    const many = Array.from({ length: MAX_STATISTICS_EVENTS + 1 }, () => ok);
    expect(StatisticsEventsBody.safeParse({ events: many }).success).toBe(false);
    expect(StatisticsEventsBody.safeParse({ events: many.slice(1) }).success).toBe(true);
  });
});
