import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { aFile } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';
import { calls, juneFiles, preparedArchive, recordDownloads, timelineRoutes } from '../../test/downloads.ts';

const ARCHIVE = '/st/4/jobs/job-timeline/files_as_archive';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Opens the timeline on `files`, selects the whole month and clicks the bar's Download. */
async function downloadMonth(files: ReturnType<typeof aFile>[], routes = {}) {
  const clicked = recordDownloads();
  const app = renderApp({
    route: '/photos',
    routes: { ...timelineRoutes(files), [`POST ${ARCHIVE}`]: (r) => preparedArchive(r), ...routes },
  });
  await app.user.click(await screen.findByRole('checkbox', { name: 'Select all of June 2024' }));
  const bar = await screen.findByRole('toolbar', { name: `${String(files.length)} selected` });
  await app.user.click(within(bar).getByRole('button', { name: 'Download' }));
  return { ...app, clicked };
}

describe('download modal (spec 000 §4 off / max / min, §9 parts)', () => {
  test('600 files come in two parts of 300, each prepared and handed to the browser on its click', async () => {
    const { user, requests, clicked } = await downloadMonth(juneFiles(600));
    const dialog = await screen.findByRole('dialog', { name: 'Download in 2 parts' });
    expect(dialog.textContent).toContain('600 files, 585.9 KB in all.');
    expect(dialog.textContent).toContain('at most 500 files and 3.5 GB');
    const parts = within(dialog).getAllByRole('listitem');
    expect(parts.map((part) => part.textContent)).toEqual([
      expect.stringContaining('Photos(1)300 files · 293 KB'),
      expect.stringContaining('Photos(2)300 files · 293 KB'),
    ]);
    // Nothing is prepared before a part is asked for.
    expect(calls(requests, 'POST', ARCHIVE)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Download Photos(2)' }));
    expect(await within(dialog).findByText('Download started')).toBeTruthy();
    const [second] = calls(requests, 'POST', ARCHIVE);
    const body = second?.body as { file_ids: string[]; zip_filename: string; mode: string };
    expect(body.zip_filename).toBe('Photos(2)');
    expect(body.mode).toBe('download');
    // Oldest first: the second part holds the newest 300.
    expect(body.file_ids).toHaveLength(300);
    expect(body.file_ids[0]).toBe('photo-0300');
    expect(clicked).toEqual([
      {
        href: 'http://localhost:3000/st/4/jobs/job-timeline/files_as_archive?archive=Photos(2)&exp=1&sid=s&sig=x',
        download: 'Photos(2).zip',
      },
    ]);
    // spec 000 §3: a clicked part offers its link again, for a browser that held it back.
    const again = within(dialog).getByRole('link', { name: 'Download again: Photos(2)' });
    expect(again.getAttribute('download')).toBe('Photos(2).zip');

    await user.click(within(dialog).getByRole('button', { name: 'Download Photos(1)' }));
    await waitFor(() => {
      expect(clicked).toHaveLength(2);
    });
    expect(clicked[1]?.download).toBe('Photos(1).zip');
  });

  test('minimised, the progress panel tells how far the parts are; it opens the dialog again and closes', async () => {
    const answer = Promise.withResolvers<undefined>();
    const { user } = await downloadMonth(juneFiles(600), {
      [`POST ${ARCHIVE}`]: (request: Parameters<typeof preparedArchive>[0]) => ({
        ...preparedArchive(request),
        after: answer.promise,
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Download in 2 parts' });
    await user.click(within(dialog).getByRole('button', { name: 'Download Photos(1)' }));
    expect(within(dialog).getByText('Preparing…')).toBeTruthy();
    // Escape while a part is prepared minimises: nothing in flight is lost.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    const panel = screen.getByRole('region', { name: 'Download' });
    expect(within(panel).getByText('Preparing part 1 of 2…')).toBeTruthy();
    answer.resolve(undefined);
    expect(await within(panel).findByText('1 of 2 parts started')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Show the download' }));
    expect(await screen.findByRole('dialog', { name: 'Download in 2 parts' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Minimize' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Download' })).getByRole('button', { name: 'Close' }),
    );
    expect(screen.queryByRole('region', { name: 'Download' })).toBeNull();
  });

  test('a part that fails says so (spec 000 §8), logs its kind, and can be tried again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    const { user, clicked } = await downloadMonth(juneFiles(600), {
      [`POST ${ARCHIVE}`]: (request: Parameters<typeof preparedArchive>[0]) =>
        fail
          ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } }
          : preparedArchive(request),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Download in 2 parts' });
    await user.click(within(dialog).getByRole('button', { name: 'Download Photos(1)' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'An error occurred when trying to download. Please try again later.',
    );
    // spec 000 §8: the failed action of its kind (files), logged without ids or URLs.
    expect(warn).toHaveBeenCalledWith('download of files failed: internal_error');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again: Photos(1)' }));
    expect(await within(dialog).findByText('Download started')).toBeTruthy();
    expect(clicked).toHaveLength(1);
  });

  test('a part the server finds over the limits gets its alert (spec 000 §8), dismissed with OK', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = await downloadMonth(juneFiles(600), {
      [`POST ${ARCHIVE}`]: {
        status: 422,
        body: { error: { code: 'download_too_large', message: 'too large' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download Photos(1)' }));
    const alert = await screen.findByRole('dialog', { name: 'Download too large' });
    expect(alert.textContent).toContain('One download holds at most 3.5 GB.');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    // The download's dialog is back, the part marked failed.
    const dialog = await screen.findByRole('dialog', { name: 'Download in 2 parts' });
    expect(within(dialog).getByRole('button', { name: 'Try again: Photos(1)' })).toBeTruthy();
  });

  test('HEIC photos are offered as JPEG, and the choice goes with every part', async () => {
    const files = juneFiles(3, { name: 'IMG.HEIC', path: 'Camera/IMG.HEIC' });
    const { user, requests } = await downloadMonth(files);
    const dialog = await screen.findByRole('dialog', { name: 'Download' });
    const choice = within(dialog).getByRole('checkbox', { name: /Convert HEIC photos to JPEG/ });
    await user.click(choice);
    await user.click(within(dialog).getByRole('button', { name: 'Download Photos' }));
    expect(await within(dialog).findByText('Download started')).toBeTruthy();
    expect(calls(requests, 'POST', ARCHIVE)[0]?.body).toMatchObject({
      heic_to_jpeg: true,
      zip_filename: 'Photos',
    });
    // Once a part is on its way the choice holds.
    expect(choice).toHaveProperty('disabled', true);
    // Escape now minimises: a part was started.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('region', { name: 'Download' })).toBeTruthy();
  });
});

describe('a download that fits one archive (spec 000 §4 toast)', () => {
  test('is prepared at once under the de-duplicated "preparing download" toast, with no modal', async () => {
    const answer = Promise.withResolvers<undefined>();
    const { requests, clicked } = await downloadMonth(juneFiles(2), {
      [`POST ${ARCHIVE}`]: (request: Parameters<typeof preparedArchive>[0]) => ({
        ...preparedArchive(request),
        after: answer.promise,
      }),
    });
    expect(await screen.findByText('Preparing download…')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    answer.resolve(undefined);
    await waitFor(() => {
      expect(clicked).toHaveLength(1);
    });
    expect(calls(requests, 'POST', ARCHIVE)[0]?.body).toEqual({
      file_ids: ['photo-0000', 'photo-0001'],
      mode: 'download',
      zip_filename: 'Photos',
    });
    await waitFor(() => {
      expect(screen.queryByText('Preparing download…')).toBeNull();
    });
  });

  test('a single file is downloaded directly, not as an archive (spec 000 §7)', async () => {
    const clicked = recordDownloads();
    const files = juneFiles(3);
    const { user, requests } = renderApp({ route: '/photos', routes: timelineRoutes(files) });
    await user.click(await screen.findByRole('checkbox', { name: 'Select photo-0001.jpg' }));
    await user.click(
      within(screen.getByRole('toolbar', { name: '1 selected' })).getByRole('button', { name: 'Download' }),
    );
    await waitFor(() => {
      expect(clicked).toEqual([
        {
          href: 'http://localhost:3000/st/4/jobs/job-timeline/files_by_id/photo-0001?exp=1&sig=o&download=1',
          download: 'photo-0001.jpg',
        },
      ]);
    });
    expect(calls(requests, 'POST', ARCHIVE)).toEqual([]);
  });

  test('a failure shows the error toast of spec 000 §8 with Try again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    const { user, clicked } = await downloadMonth(juneFiles(2), {
      [`POST ${ARCHIVE}`]: (request: Parameters<typeof preparedArchive>[0]) =>
        fail ? 'network' : preparedArchive(request),
    });
    expect(
      await screen.findByText('An error occurred when trying to download. Please try again later.'),
    ).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(clicked).toHaveLength(1);
    });
  });
});
