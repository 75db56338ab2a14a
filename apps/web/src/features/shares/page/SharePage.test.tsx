import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { FakeRoutes } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { RoutesWithLocation } from '../../../test/visitor.tsx';
import { calls, preparedArchive, recordDownloads } from '../../../test/downloads.ts';
import { shareGrants } from '../../../album-access/grant-store.ts';
import { aShare, copied, IN_30_DAYS, NOT_FOUND, SHARE_ID } from './test-share.tsx';

const SIGNED_OUT = { login: { status: 'NOT_STARTED', notice: null }, token: null } as const;
const INFO = `GET /st/4/shares/${SHARE_ID}`;
const ARCHIVE = `/st/4/jobs/${SHARE_ID}/files_as_archive`;
const KEEP = `POST /st/4/jobs/${SHARE_ID}/keep-all-files`;
const location = () => screen.getByTestId('location').textContent;
const expiry = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(IN_30_DAYS * 1000);

afterEach(() => {
  vi.restoreAllMocks();
});

function openShare(routes: FakeRoutes, options: { signedOut?: boolean; route?: string } = {}) {
  return renderApp({
    ...(options.signedOut && SIGNED_OUT),
    route: options.route ?? `/share/${SHARE_ID}`,
    routes,
    element: <RoutesWithLocation />,
  });
}

describe('the share page for its receiver (spec 000 §2 Share page, §6 Visitor)', () => {
  test('a spinner while the share loads, then who shared what until when', async () => {
    const answer = Promise.withResolvers<undefined>();
    const { container } = openShare(
      { [INFO]: { body: aShare(), after: answer.promise } },
      { signedOut: true },
    );
    await waitFor(() => {
      expect(container.querySelector('.page-spinner')).not.toBeNull();
    });
    answer.resolve(undefined);
    expect(
      await screen.findByRole('heading', { name: 'Ola shared 3 files with you', level: 1 }),
    ).toBeTruthy();
    expect(screen.getByText(`Available until ${expiry}`)).toBeTruthy();
  });

  test('pictures and videos in a thumbnail grid, documents as download chips; no stop sharing', async () => {
    openShare({ [INFO]: { body: aShare() } }, { signedOut: true });
    const grid = await screen.findByRole('list', { name: 'Photos and videos' });
    const tiles = within(grid).getAllByRole('button');
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual(['Open beach.jpg', 'Open lake.jpg']);
    expect(grid.querySelector('img')?.getAttribute('src')).toBe(
      'http://localhost:3000/th/3/beach?area=256&exp=1&sig=s',
    );
    const chip = screen.getByRole('link', { name: 'Download plan.pdf 20 KB' });
    expect(chip.getAttribute('href')).toBe(
      `http://localhost:3000/st/4/jobs/${SHARE_ID}/files_by_id/plan?exp=1&sig=o&download=1`,
    );
    expect(chip.getAttribute('download')).toBe('plan.pdf');
    expect(chip.textContent).toContain('20 KB');
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).toBeNull();
  });

  test('only pictures: "shared N photos"', async () => {
    openShare({ [INFO]: { body: aShare({ docFiles: [] }) } }, { signedOut: true });
    expect(await screen.findByRole('heading', { name: 'Ola shared 2 photos with you' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Documents' })).toBeNull();
  });

  test('a thumbnail opens full screen; arrows go on, Escape leaves', async () => {
    const { user } = openShare({ [INFO]: { body: aShare() } }, { signedOut: true });
    await user.click(await screen.findByRole('button', { name: 'Open beach.jpg' }));
    const viewer = screen.getByRole('dialog', { name: 'beach.jpg' });
    expect(within(viewer).getByRole('img', { name: 'beach.jpg' }).getAttribute('src')).toContain('area=1280');
    expect(within(viewer).getByText('1 of 2')).toBeTruthy();
    // A recipient's actions from the registry (issue #23): Download only.
    expect(within(viewer).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(within(viewer).queryByRole('button', { name: 'Share' })).toBeNull();
    expect(within(viewer).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'lake.jpg' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('dialog', { name: 'beach.jpg' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('Download asks the download center for one archive of the share, with its grant', async () => {
    const clicked = recordDownloads();
    shareGrants.set(SHARE_ID, { grant: 'g-share', expires: IN_30_DAYS });
    const { user, requests } = openShare(
      {
        [INFO]: { body: aShare() },
        [`POST ${ARCHIVE}`]: (request) => preparedArchive(request, `jobs/${SHARE_ID}/files_as_archive`),
      },
      { signedOut: true },
    );
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => {
      expect(clicked).toHaveLength(1);
    });
    const [call] = calls(requests, 'POST', ARCHIVE);
    expect(call?.body).toEqual({
      file_ids: ['beach', 'lake', 'plan'],
      mode: 'download',
      zip_filename: 'Shared by Ola',
    });
    expect(call?.headers.get('x-foreign-auth')).toBe('g-share');
    expect(clicked[0]?.download).toBe('Shared by Ola.zip');
  });

  test('a share of one file downloads that file directly', async () => {
    const clicked = recordDownloads();
    const { user, requests } = openShare(
      { [INFO]: { body: aShare({ docFiles: [], thumbFiles: aShare().thumbFiles.slice(0, 1) }) } },
      { signedOut: true },
    );
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => {
      expect(clicked).toHaveLength(1);
    });
    expect(clicked[0]?.href).toContain('/files_by_id/beach?exp=1&sig=o&download=1');
    expect(calls(requests, 'POST', ARCHIVE)).toEqual([]);
  });

  test('the ?m= marker is read and dropped from the address', async () => {
    openShare({ [INFO]: { body: aShare() } }, { signedOut: true, route: `/share/${SHARE_ID}?m=se` });
    await screen.findByRole('heading', { name: 'Ola shared 3 files with you' });
    await waitFor(() => {
      expect(location()).toBe(`/share/${SHARE_ID}`);
    });
  });
});

describe('add to timeline (spec 000 §6)', () => {
  test('signed out, Add to my photos goes to the login and remembers the copy', async () => {
    const { user, requests } = openShare({ [INFO]: { body: aShare() } }, { signedOut: true });
    await user.click(await screen.findByRole('link', { name: 'Add to my photos' }));
    await waitFor(() => {
      expect(location()).toBe(`/login?redir=${encodeURIComponent(`/share/${SHARE_ID}/copyShare`)}`);
    });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  test('signed in, it copies every file at once and says how many', async () => {
    const { user, requests } = openShare({ [INFO]: { body: aShare({ can_copy: true }) }, [KEEP]: copied(3) });
    await user.click(await screen.findByRole('button', { name: 'Add to my photos' }));
    expect(await screen.findByText('3 files added to your photos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to my photos' })).toBeTruthy();
    expect(calls(requests, 'POST', `/st/4/jobs/${SHARE_ID}/keep-all-files`)).toHaveLength(1);
  });

  test('files not added are counted; a 413 is out of storage', async () => {
    let calls = 0;
    const { user } = openShare({
      [INFO]: { body: aShare({ can_copy: true }) },
      [KEEP]: () =>
        ++calls === 1
          ? copied(2, 1)
          : { status: 413, body: { error: { code: 'quota_exceeded', message: 'full' } } },
    });
    const add = await screen.findByRole('button', { name: 'Add to my photos' });
    await user.click(add);
    expect(await screen.findByText('Error - 1 file not added')).toBeTruthy();
    await user.click(add);
    expect(await screen.findByText('Insufficient storage')).toBeTruthy();
  });

  test('a read-only user sees it disabled; the offer remembers the copy (spec 001 §4)', async () => {
    openShare({ [INFO]: { body: aShare({ can_copy: false }) } });
    const add = await screen.findByRole('button', { name: 'Add to my photos' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    const offer = within(screen.getByRole('tooltip')).getByRole('link', {
      name: 'Subscribe to add files to your photos',
    });
    // Through copyShare, which keeps the copy pending and brings the subscription prompt.
    expect(offer.getAttribute('href')).toMatch(/^\/share\/[^/]+\/copyShare$/);
  });
});

describe('the share owner (spec 000 §6 Share owner)', () => {
  const mine = aShare({
    is_owner: true,
    can_copy: true,
    has_password: true,
    owner: { userID: 'user-1', name: 'Ada', email: 'ada@example.com' },
  });

  test('stops sharing after a confirmation; the page then says share not found', async () => {
    const { user, requests } = openShare({
      [INFO]: { body: mine },
      [`DELETE /st/4/shares/${SHARE_ID}`]: { status: 204 },
    });
    expect(await screen.findByRole('heading', { name: 'You shared 3 files' })).toBeTruthy();
    expect(screen.getByText('Protected by a password')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to my photos' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop sharing these files?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByRole('heading', { name: 'Share not found' })).toBeTruthy();
    expect(calls(requests, 'DELETE', `/st/4/shares/${SHARE_ID}`)).toHaveLength(1);
    expect(screen.getByText('You stopped sharing these files')).toBeTruthy();
  });

  test("a failure says 'Failed to stop sharing files' and keeps the share", async () => {
    const { user } = openShare({
      [INFO]: { body: mine },
      [`DELETE /st/4/shares/${SHARE_ID}`]: { status: 500 },
    });
    await user.click(await screen.findByRole('button', { name: 'Stop sharing' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to stop sharing files');
    expect(screen.getByRole('heading', { name: 'You shared 3 files' })).toBeTruthy();
  });
});

describe('share not found (spec 000 §2, §8)', () => {
  test('explains why, offers a way back and, signed out, sign in', async () => {
    openShare({ [INFO]: NOT_FOUND }, { signedOut: true });
    expect(await screen.findByRole('heading', { name: 'Share not found' })).toBeTruthy();
    expect(screen.getByText(/expired .*no longer be shared.*misspelt/)).toBeTruthy();
    const page = screen.getByRole('main');
    expect(within(page).getByRole('link', { name: 'Go back' })).toBeTruthy();
    expect(within(page).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/login?redir=${encodeURIComponent(`/share/${SHARE_ID}`)}`,
    );
  });

  test('signed in, no sign-in button', async () => {
    openShare({ [INFO]: NOT_FOUND });
    expect(await screen.findByRole('heading', { name: 'Share not found' })).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  test('a server failure is not "not found": it offers a retry', async () => {
    let calls = 0;
    const { user } = openShare(
      { [INFO]: () => (++calls === 1 ? { status: 503 } : { body: aShare() }) },
      { signedOut: true },
    );
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Ola shared 3 files with you' })).toBeTruthy();
  });
});
