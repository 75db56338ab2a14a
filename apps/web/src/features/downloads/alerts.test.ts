import { GIB } from '@trove/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../api/http-error.ts';
import { albumAlertOf, alertOfError, alertQueueReducer, type AlertQueue } from './alerts.ts';

const refused = (code: 'download_too_many_files' | 'download_too_large' | 'album_download_too_large') =>
  new HttpError({ status: 422, code, message: code });

describe('download alert queue (spec 000 §4: FIFO)', () => {
  it('shows alerts in the order they came and dismisses the first each time', () => {
    let queue: AlertQueue = [];
    queue = alertQueueReducer(queue, { type: 'alert', kind: 'albumFileCountOverLimit' });
    queue = alertQueueReducer(queue, { type: 'alert', kind: 'sizeOverLimit' });
    queue = alertQueueReducer(queue, { type: 'alert', kind: 'fileCountOverLimit' });
    expect(queue).toEqual(['albumFileCountOverLimit', 'sizeOverLimit', 'fileCountOverLimit']);
    queue = alertQueueReducer(queue, { type: 'dismiss' });
    expect(queue[0]).toBe('sizeOverLimit');
    queue = alertQueueReducer(queue, { type: 'dismiss' });
    queue = alertQueueReducer(queue, { type: 'dismiss' });
    expect(queue).toEqual([]);
    expect(alertQueueReducer(queue, { type: 'dismiss' })).toBe(queue);
  });

  it('does not queue an alert that is already waiting', () => {
    const queue = alertQueueReducer(['sizeOverLimit', 'albumSizeOverLimit'], {
      type: 'alert',
      kind: 'sizeOverLimit',
    });
    expect(queue).toEqual(['sizeOverLimit', 'albumSizeOverLimit']);
  });
});

describe('which alert a download gets (spec 000 §5, §8)', () => {
  it('maps the server’s limit refusals to their alerts, and nothing else', () => {
    expect(alertOfError(refused('download_too_many_files'))).toBe('fileCountOverLimit');
    expect(alertOfError(refused('download_too_large'))).toBe('sizeOverLimit');
    expect(alertOfError(refused('album_download_too_large'))).toBe('albumSizeOverLimit');
    expect(
      alertOfError(new HttpError({ status: 422, code: 'album_download_too_many_files', message: '' })),
    ).toBe('albumFileCountOverLimit');
    expect(alertOfError(new HttpError({ status: 404, code: 'not_found', message: '' }))).toBeUndefined();
    expect(alertOfError(new Error('offline'))).toBeUndefined();
  });

  it('blocks an album over 500 items or 3.5 GB, the count first; one within both passes', () => {
    expect(albumAlertOf({ media_count: 500, size: 3.5 * GIB })).toBeUndefined();
    expect(albumAlertOf({ media_count: 501, size: 1 })).toBe('albumFileCountOverLimit');
    expect(albumAlertOf({ media_count: 10, size: 3.5 * GIB + 1 })).toBe('albumSizeOverLimit');
    expect(albumAlertOf({ media_count: 900, size: 9 * GIB })).toBe('albumFileCountOverLimit');
    // Counts the server did not send are no reason to block: the server checks again.
    expect(albumAlertOf({})).toBeUndefined();
  });
});
