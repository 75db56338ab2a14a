import { describe, expect, test } from 'vitest';
import { HttpError } from '../../../api/http-error.ts';
import { albumSections, fileSortOf, loadStatusOf, viewModeOf } from './model.ts';

const month = (year: number, m: number, pictures: number, documents = 0) => ({
  year,
  month: m,
  start: Date.UTC(year, m - 1, 1) / 1000,
  end: Date.UTC(year, m, 1) / 1000,
  pictures,
  videos: 0,
  screenshots: 0,
  documents,
});

describe('view mode (spec 000 §3)', () => {
  test('a stored grid or flow is kept; missing or invalid means flow', () => {
    expect(viewModeOf('grid')).toBe('grid');
    expect(viewModeOf('flow')).toBe('flow');
    expect(viewModeOf(null)).toBe('flow');
    expect(viewModeOf(undefined)).toBe('flow');
    expect(viewModeOf('GRID')).toBe('flow');
  });
});

test('file sort is the sort_order attribute, ADDED when unset (spec 000 §9)', () => {
  expect(fileSortOf({ sort_order: null })).toBe('ADDED');
  expect(fileSortOf({ sort_order: 'OLDEST_TAKEN' })).toBe('OLDEST_TAKEN');
});

describe('job info fetch error mapping (spec 000 §4)', () => {
  const error = (status: number, code: HttpError['code'], message = 'x') =>
    new HttpError({ status, code, message });
  test('404 is not found, other 4xx without a known message too', () => {
    expect(loadStatusOf(error(404, 'not_found'), true)).toBe('NOT_FOUND');
    expect(loadStatusOf(error(403, 'bad_request'), true)).toBe('NOT_FOUND');
    expect(loadStatusOf(error(401, 'unauthorized'), true)).toBe('NOT_FOUND');
  });
  test("'public job auth failed' wants the password", () => {
    expect(loadStatusOf(error(403, 'password_required', 'public job auth failed'), true)).toBe(
      'PASSWORD_REQUIRED',
    );
    expect(loadStatusOf(error(400, 'bad_request', 'public job auth failed'), false)).toBe(
      'PASSWORD_REQUIRED',
    );
  });
  test('a secured job is deleted for a signed-in user and a login gate otherwise', () => {
    const secured = error(403, 'secured_job', 'User does not have access to secured job');
    expect(loadStatusOf(secured, true)).toBe('RECENTLY_DELETED');
    expect(loadStatusOf(secured, false)).toBe('LOGIN_REQUIRED');
  });
  test('anything else failed', () => {
    expect(loadStatusOf(error(500, 'internal_error'), true)).toBe('FETCH_FAILED');
    expect(loadStatusOf(error(0, 'network_error'), true)).toBe('FETCH_FAILED');
    expect(loadStatusOf(new Error('boom'), true)).toBe('FETCH_FAILED');
  });
});

describe('album sections by file sort', () => {
  const months = [month(2024, 3, 2), month(2023, 6, 1), month(2022, 1, 0, 4)];
  test('NEWEST_TAKEN: months with photos or videos, newest first', () => {
    expect(albumSections(months, 'NEWEST_TAKEN', 'All').map((s) => [s.year, s.count])).toEqual([
      [2024, 2],
      [2023, 1],
    ]);
  });
  test('OLDEST_TAKEN: the same months, oldest first', () => {
    expect(albumSections(months, 'OLDEST_TAKEN', 'All').map((s) => s.year)).toEqual([2023, 2024]);
  });
  test('ADDED: one titled section of every photo and video', () => {
    const sections = albumSections(months, 'ADDED', 'All');
    expect(sections).toHaveLength(1);
    expect(sections[0]).toMatchObject({ title: 'All', count: 3, start: 0, end: 0 });
  });
  test('an album with only documents has no sections', () => {
    expect(albumSections([month(2022, 1, 0, 4)], 'ADDED', 'All')).toEqual([]);
  });
});
