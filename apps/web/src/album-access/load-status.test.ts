import { describe, expect, test } from 'vitest';
import { HttpError } from '../api/http-error.ts';
import { anAlbum } from '../test/factories.ts';
import {
  INITIAL_ALBUM_LOAD,
  albumLoadReducer,
  loadStatusOfError,
  pageOf,
  type AlbumLoadEvent,
  type AlbumLoadState,
} from './load-status.ts';

const run = (events: AlbumLoadEvent[], from: AlbumLoadState = INITIAL_ALBUM_LOAD) =>
  events.reduce(albumLoadReducer, from);

const album = anAlbum({ id: 'job-1', last_update: 10 });

describe('album load status (spec 000 §4)', () => {
  test('starts NOT_STARTED, goes PENDING, then FETCHED with the album', () => {
    expect(INITIAL_ALBUM_LOAD.status).toBe('NOT_STARTED');
    const pending = run([{ type: 'LOAD' }]);
    expect(pending).toMatchObject({ status: 'PENDING', attempt: 1 });
    expect(run([{ type: 'FETCH_SUCCEEDED', attempt: 1, album }], pending)).toMatchObject({
      status: 'FETCHED',
      album,
    });
  });

  test('a second LOAD while pending asks for nothing new', () => {
    const pending = run([{ type: 'LOAD' }]);
    expect(albumLoadReducer(pending, { type: 'LOAD' })).toBe(pending);
  });

  test('an answer to an older attempt is ignored', () => {
    const pending = run([{ type: 'LOAD' }]);
    expect(albumLoadReducer(pending, { type: 'FETCH_SUCCEEDED', attempt: 0, album })).toBe(pending);
    expect(albumLoadReducer(pending, { type: 'FETCH_FAILED', attempt: 0, status: 'NOT_FOUND' })).toBe(
      pending,
    );
  });

  test('a change with a serial newer than last_update moves FETCHED to PARTIALLY_FETCHED', () => {
    const fetched = run([{ type: 'LOAD' }, { type: 'FETCH_SUCCEEDED', attempt: 1, album }]);
    expect(albumLoadReducer(fetched, { type: 'CHANGE_SEEN', serial: 10 })).toBe(fetched);
    const partial = albumLoadReducer(fetched, { type: 'CHANGE_SEEN', serial: 11 });
    expect(partial).toMatchObject({ status: 'PARTIALLY_FETCHED', album, attempt: 2 });
    const newer = { ...album, last_update: 11 };
    expect(run([{ type: 'FETCH_SUCCEEDED', attempt: 2, album: newer }], partial)).toMatchObject({
      status: 'FETCHED',
      album: newer,
    });
  });

  test('a change seen while not FETCHED does nothing', () => {
    const pending = run([{ type: 'LOAD' }]);
    expect(albumLoadReducer(pending, { type: 'CHANGE_SEEN', serial: 99 })).toBe(pending);
  });

  test('PASSWORD_REQUIRED, then the password given: PASSWORD_PROVIDED fetches again', () => {
    const locked = run([{ type: 'LOAD' }, { type: 'FETCH_FAILED', attempt: 1, status: 'PASSWORD_REQUIRED' }]);
    expect(locked.status).toBe('PASSWORD_REQUIRED');
    const provided = albumLoadReducer(locked, { type: 'PASSWORD_PROVIDED' });
    expect(provided).toMatchObject({ status: 'PASSWORD_PROVIDED', attempt: 2 });
    expect(run([{ type: 'FETCH_SUCCEEDED', attempt: 2, album }], provided).status).toBe('FETCHED');
    expect(albumLoadReducer(INITIAL_ALBUM_LOAD, { type: 'PASSWORD_PROVIDED' })).toBe(INITIAL_ALBUM_LOAD);
  });

  test('a refetch that finds the album gone or locked shows that; one that could not connect keeps it', () => {
    const partial = run([
      { type: 'LOAD' },
      { type: 'FETCH_SUCCEEDED', attempt: 1, album },
      { type: 'CHANGE_SEEN', serial: 12 },
    ]);
    expect(run([{ type: 'FETCH_FAILED', attempt: 2, status: 'FETCH_FAILED' }], partial)).toMatchObject({
      status: 'FETCHED',
      album,
    });
    expect(run([{ type: 'FETCH_FAILED', attempt: 2, status: 'PASSWORD_REQUIRED' }], partial)).toMatchObject({
      status: 'PASSWORD_REQUIRED',
      album: undefined,
    });
  });

  test('LOAD after a failure tries again; on a shown album it refetches in place', () => {
    const failed = run([{ type: 'LOAD' }, { type: 'FETCH_FAILED', attempt: 1, status: 'FETCH_FAILED' }]);
    expect(albumLoadReducer(failed, { type: 'LOAD' })).toMatchObject({ status: 'PENDING', attempt: 2 });
    const fetched = run([{ type: 'LOAD' }, { type: 'FETCH_SUCCEEDED', attempt: 1, album }]);
    expect(albumLoadReducer(fetched, { type: 'LOAD' })).toMatchObject({
      status: 'PARTIALLY_FETCHED',
      album,
      attempt: 2,
    });
  });

  test('deletion gives RECENTLY_DELETED', () => {
    const fetched = run([{ type: 'LOAD' }, { type: 'FETCH_SUCCEEDED', attempt: 1, album }]);
    expect(albumLoadReducer(fetched, { type: 'DELETED' })).toMatchObject({
      status: 'RECENTLY_DELETED',
      album: undefined,
    });
  });

  test.each([
    ['FETCHED', 'album'],
    ['PARTIALLY_FETCHED', 'album'],
    ['NOT_FOUND', 'notFound'],
    ['FETCH_FAILED', 'notFound'],
    ['PASSWORD_REQUIRED', 'password'],
    ['NOT_STARTED', 'loader'],
    ['PENDING', 'loader'],
    ['PASSWORD_PROVIDED', 'loader'],
    ['LOGIN_REQUIRED', 'login'],
    ['RECENTLY_DELETED', 'deleted'],
  ] as const)('%s shows the %s page', (status, page) => {
    expect(pageOf(status)).toBe(page);
  });
});

describe('job info fetch error mapping (spec 000 §4)', () => {
  const error = (status: number, code: HttpError['code'], message: string) =>
    new HttpError({ status, code, message });

  test.each([400, 401, 403])("%i with 'public job auth failed' wants the password", (status) => {
    expect(loadStatusOfError(error(status, 'bad_request', 'public job auth failed'), false)).toBe(
      'PASSWORD_REQUIRED',
    );
  });

  test("the server's 403 password_required wants the password", () => {
    expect(loadStatusOfError(error(403, 'password_required', 'public job auth failed'), true)).toBe(
      'PASSWORD_REQUIRED',
    );
  });

  test.each([400, 401, 403])(
    "%i with 'User does not have access to secured job': deleted when signed in, login gate when not",
    (status) => {
      const secured = error(status, 'secured_job', 'User does not have access to secured job');
      expect(loadStatusOfError(secured, true)).toBe('RECENTLY_DELETED');
      expect(loadStatusOfError(secured, false)).toBe('LOGIN_REQUIRED');
    },
  );

  test.each([400, 401, 403])('any other %i is not found', (status) => {
    expect(loadStatusOfError(error(status, 'bad_request', 'nope'), false)).toBe('NOT_FOUND');
  });

  test('404 is not found', () => {
    expect(loadStatusOfError(error(404, 'not_found', 'Not found'), true)).toBe('NOT_FOUND');
  });

  test('anything else is a failed fetch', () => {
    expect(loadStatusOfError(error(500, 'internal_error', 'boom'), false)).toBe('FETCH_FAILED');
    expect(loadStatusOfError(error(0, 'network_error', 'No Internet connection'), false)).toBe(
      'FETCH_FAILED',
    );
    expect(loadStatusOfError(error(429, 'rate_limited', 'slow down'), false)).toBe('FETCH_FAILED');
    expect(loadStatusOfError(new Error('x'), false)).toBe('FETCH_FAILED');
  });
});
