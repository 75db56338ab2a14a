import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { FakeAnswer, SeenRequest } from '../../test/fake-fetch.ts';
import { anAccount } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';
import { fakeXhr, type SeenXhr, type XhrRoutes } from '../../test/fake-xhr.ts';

const jpeg = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });

const UPLOAD = 'POST /st/4/jobs/job-timeline/upload';
const DEDUP = 'POST /st/4/jobs/job-timeline/files_dedup';

/** The server's change feed: nothing before, and every upload processed by the first poll. */
const changeFeed = {
  'GET /st/4/jobs/job-timeline/changes': { body: { changes: [], last_serial: 10 } },
  'GET /st/4/jobs/job-timeline/changes_and_async_upload_status': {
    body: { changes: [], last_serial: 10, pending_uploads: 0 },
  },
};

/** Dedup answers by path, as a server that has dup.jpg and had gone.jpg trashed would. */
function dedupAnswer(request: SeenRequest): FakeAnswer {
  const { path } = request.body as { path: string };
  if (path === 'dup.jpg') return { body: { status: 'exists', uuid: 'f-dup' } };
  if (path === 'gone.jpg') return { body: { status: 'trashed', uuid: 'f-gone' } };
  return { body: { status: 'not_found', uuid: null } };
}

const uploadedName = (request: SeenXhr) => ((request.body as FormData).get('file') as File).name;

let xhr: ReturnType<typeof fakeXhr>;
function serveBytes(routes: XhrRoutes) {
  xhr = fakeXhr(routes);
  vi.stubGlobal('XMLHttpRequest', xhr.XMLHttpRequest);
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function pick(files: File[], routes: Parameters<typeof renderApp>[0] = {}) {
  const rendered = renderApp({ route: '/photos', ...routes });
  await rendered.user.upload(await screen.findByLabelText('Add photos'), files);
  return rendered;
}

const panel = () => screen.getByRole('region', { name: 'Uploads' });

describe('add photos feeds the upload queue (spec 000 §4 Upload item, Upload panel)', () => {
  test('dedups, uploads, and says what happened to each file', async () => {
    serveBytes({
      [UPLOAD]: (request) =>
        uploadedName(request) === 'full.jpg'
          ? { status: 413, body: { error: { code: 'quota_exceeded', message: 'full' } } }
          : { body: { status: 'processing', uuid: `f-${uploadedName(request)}` } },
    });
    const { requests, user } = await pick(
      [jpeg('a.jpg'), jpeg('dup.jpg'), jpeg('gone.jpg'), jpeg('notes.exe'), jpeg('b.jpg')],
      { routes: { [DEDUP]: dedupAnswer, ...changeFeed } },
    );

    // a.jpg is uploaded and processed; dup.jpg needs no bytes; gone.jpg was deleted before.
    await user.click(await screen.findByRole('button', { name: 'Show files' }));
    const list = await within(panel()).findByRole('list', { name: 'Files in this upload' });
    expect(await within(list).findByText('This file type is not supported')).toBeTruthy();
    expect(await within(list).findByText('You have deleted this file before')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(await within(list).findAllByText('Complete')).toHaveLength(3);
    expect(within(panel()).getByRole('status').textContent).toBe('Some files did not upload');
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'a.jpgComplete',
      'dup.jpgComplete',
      'gone.jpgYou have deleted this file before',
      'notes.exeThis file type is not supported',
      'b.jpgComplete',
    ]);

    // Only files the server lacked carried bytes, each with its checksum.
    expect(xhr.requests.map(uploadedName)).toEqual(['a.jpg', 'b.jpg']);
    const form = xhr.requests[0]?.body as FormData;
    expect(form.get('policy')).toBe('no_duplicates');
    expect(form.get('checksum')).toMatch(/^[0-9a-f]{40}$/);
    expect(xhr.requests[0]?.headers.authorization).toMatch(/^Basic /);
    const dedups = requests.filter((r) => `${r.method} ${r.url.pathname}` === DEDUP);
    expect(dedups.map((r) => (r.body as { path: string }).path)).toEqual([
      'a.jpg',
      'dup.jpg',
      'gone.jpg',
      'b.jpg',
    ]);
  });

  test('out of storage: the file waits in the queue and the panel says so', async () => {
    serveBytes({ [UPLOAD]: { status: 413, body: { error: { code: 'quota_exceeded', message: 'full' } } } });
    await pick([jpeg('a.jpg'), jpeg('b.jpg')], { routes: { [DEDUP]: dedupAnswer, ...changeFeed } });
    expect(
      await within(panel()).findByText('Out of storage. Free up space to upload the rest.'),
    ).toBeTruthy();
    // b.jpg never starts while out of storage (spec 000 §4 start condition).
    expect(xhr.requests).toHaveLength(1);
  });

  test('offline: a countdown, then a retry that finds the file instead of sending it twice', async () => {
    let uploads = 0;
    serveBytes({
      [UPLOAD]: () => {
        uploads += 1;
        return uploads === 1 ? 'network' : { body: { status: 'processing', uuid: 'f-a' } };
      },
    });
    let dedups = 0;
    const { user } = await pick([jpeg('a.jpg')], {
      routes: {
        // The second dedup (the retry's) finds the bytes the first upload delivered.
        [DEDUP]: () => {
          dedups += 1;
          return {
            body: dedups === 1 ? { status: 'not_found', uuid: null } : { status: 'exists', uuid: 'f-a' },
          };
        },
        ...changeFeed,
      },
    });
    expect(await within(panel()).findByText('No connection. Retrying in 4 seconds')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show files' }));
    expect(within(panel()).getByText('Retrying in 4 seconds')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(within(panel()).getByText('No connection. Retrying in 3 seconds')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await within(panel()).findByText('1 file uploaded')).toBeTruthy();
    expect(uploads).toBe(1);
    expect(dedups).toBe(2);
  });

  test('Stop asks first, then cancels what is not uploaded', async () => {
    serveBytes({ [UPLOAD]: 'hang' });
    const { user } = await pick([jpeg('a.jpg'), jpeg('b.jpg')], {
      routes: { [DEDUP]: dedupAnswer, ...changeFeed },
    });
    await user.click(await within(panel()).findByRole('button', { name: 'Stop' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop uploading?' });
    expect(within(dialog).getByText(/2 files that are not uploaded yet will be cancelled/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Stop uploading' }));
    expect(await within(panel()).findByText('Upload finished')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show files' }));
    expect(within(panel()).getAllByText('Cancelled')).toHaveLength(2);
  });

  test('files that do not fit the remaining storage are refused with a notice (spec 000 §5)', async () => {
    serveBytes({});
    const { requests } = await pick([jpeg('a.jpg')], {
      routes: { 'GET /st/4/account_info': { body: anAccount({ used_space: 15 * 1024 ** 3 - 3 }) } },
    });
    expect(
      await screen.findByText(
        'These files need more storage than you have left. Free up space or choose fewer files.',
      ),
    ).toBeTruthy();
    expect(requests.some((r) => r.url.pathname.endsWith('/files_dedup'))).toBe(false);
  });

  test("a read-only user's Add photos is disabled and offers a subscription (spec 001 §4)", async () => {
    serveBytes({});
    renderApp({
      route: '/photos',
      routes: { 'GET /st/4/account_info': { body: anAccount({ is_read_only_user: true }) } },
    });
    const button = await screen.findByRole('button', { name: 'Add photos' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByLabelText('Add photos', { selector: 'input' })).toBeNull();
    const tip = screen.getByRole('tooltip');
    expect(button.getAttribute('aria-describedby')).toBe(tip.id);
    expect(
      within(tip).getByRole('link', { name: 'Needs a subscription: see storage plans' }).getAttribute('href'),
    ).toBe('/settings/storage?subscribe=1');
  });
});
