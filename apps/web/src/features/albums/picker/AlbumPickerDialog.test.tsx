import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { anAccount, anAlbum } from '../../../test/factories.ts';
import type { FakeRoutes, SeenRequest } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { AlbumPickerDialog } from './AlbumPickerDialog.tsx';
import type { AlbumPickerDialogProps } from '../../../dialog-requests/album-picker.ts';
import { ADD_FAILED_TOAST_MS } from './use-add-to-album.ts';

const readOnlyCan = { ...anAlbum().currentUserCan, addPhotos: false };
const ALBUMS = [
  anAlbum({ id: 'summer', title: 'Summer', mtime: 30 }),
  anAlbum({ id: 'family', title: 'Family', mtime: 20, isShared: true, privacy_mode: 'shared' }),
  anAlbum({ id: 'theirs', title: 'Theirs', mtime: 10, role: 'participant', currentUserCan: readOnlyCan }),
];

const copied = (request: SeenRequest) => {
  const body = request.body as { file_uuids: string[] };
  return {
    body: { results: body.file_uuids.map((id) => ({ file_uuid: id, status: 'ok', new_uuid: `n-${id}` })) },
  };
};

function renderPicker(props: Partial<AlbumPickerDialogProps> = {}, routes: FakeRoutes = {}) {
  const onClose = vi.fn();
  const onAdded = vi.fn();
  const rendered = renderApp({
    route: '/photos',
    routes: {
      'GET /st/4/jobs': { body: { jobs: ALBUMS } },
      'POST /st/4/jobs/summer/copy_files': copied,
      ...routes,
    },
    element: (
      <AlbumPickerDialog
        mode="add"
        sourceJobId="job-timeline"
        fileIds={['f1', 'f2']}
        onClose={onClose}
        onAdded={onAdded}
        {...props}
      />
    ),
  });
  return { ...rendered, onClose, onAdded };
}

const tileNames = () =>
  within(screen.getByRole('radiogroup'))
    .getAllByRole('radio')
    .map((tile) => tile.textContent);

afterEach(() => {
  vi.useRealTimers();
});

describe('album picker (spec 000 §2, §5)', () => {
  test('shows the new-album tile and a fetching indicator while the albums load', async () => {
    renderPicker();
    const dialog = screen.getByRole('dialog', { name: 'Add to album' });
    expect(tileNames()).toEqual(['New album']);
    expect(within(dialog).getByRole('status').textContent).toBe('Loading…');
    await within(dialog).findByRole('radio', { name: 'Summer' });
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  test('lists only albums the user may add photos to; share to album only shared ones', async () => {
    renderPicker();
    await screen.findByRole('radio', { name: 'Summer' });
    expect(tileNames()).toEqual(['New album', 'Summer', 'Family']);
  });

  test('share to album lists only shared albums', async () => {
    renderPicker({ mode: 'share' });
    await screen.findByRole('radio', { name: 'Family' });
    expect(screen.getByRole('dialog', { name: 'Share to album' })).toBeTruthy();
    expect(tileNames()).toEqual(['New album', 'Family']);
  });

  test('the current album is disabled and cannot be chosen', async () => {
    const { user } = renderPicker({ currentAlbumId: 'summer' });
    const current = await screen.findByRole('radio', { name: 'Summer' });
    expect(current.getAttribute('aria-disabled')).toBe('true');
    await user.click(current);
    expect(current.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Done' }).disabled).toBe(true);
  });

  test('Done is disabled until an album is chosen, then copies the files there', async () => {
    const { user, requests, onAdded, onClose } = renderPicker();
    const done = screen.getByRole<HTMLButtonElement>('button', { name: 'Done' });
    expect(done.disabled).toBe(true);
    await user.click(await screen.findByRole('radio', { name: 'Summer' }));
    expect(done.disabled).toBe(false);
    await user.click(done);
    await vi.waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    const copy = requests.find((r) => r.url.pathname === '/st/4/jobs/summer/copy_files');
    expect(copy?.method).toBe('POST');
    expect(copy?.body).toEqual({ source_job: 'job-timeline', file_uuids: ['f1', 'f2'] });
    expect(onAdded).toHaveBeenCalled();
    expect(await screen.findByText('2 files added to Summer')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'See album' })).toBeTruthy();
  });

  test("the new-album tile creates an album titled 'Untitled album' (spec 000 §3), copies into it and opens it", async () => {
    const created = anAlbum({ id: 'fresh', title: 'Untitled album' });
    const { user, requests } = renderPicker(
      {},
      {
        'POST /st/4/jobs': { body: created },
        'POST /st/4/jobs/fresh/copy_files': copied,
      },
    );
    await user.click(screen.getByRole('radio', { name: 'New album' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('2 files added to Untitled album')).toBeTruthy();
    // Not __new_album__, which showed as the title, tab name and zip name (issue #23).
    expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/st/4/jobs')?.body).toEqual({
      name: 'Untitled album',
    });
    expect(requests.some((r) => r.url.pathname === '/st/4/jobs/fresh/copy_files')).toBe(true);
  });

  test('a new album from share to album is shared and named', async () => {
    const { user, requests } = renderPicker(
      { mode: 'share' },
      {
        'POST /st/4/jobs': { body: anAlbum({ id: 'fresh', title: 'My new shared album', isShared: true }) },
        'POST /st/4/jobs/fresh/copy_files': copied,
      },
    );
    await user.click(screen.getByRole('radio', { name: 'New album' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await screen.findByText('2 files added to My new shared album');
    expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/st/4/jobs')?.body).toEqual({
      name: 'My new shared album',
      public: true,
    });
  });

  test('a new shared album by a user without a name asks for the name, then is made (spec 001 §4, §5)', async () => {
    let named = false;
    const { user, requests } = renderPicker(
      { mode: 'share' },
      {
        'POST /st/4/name': () => {
          named = true;
          return { body: anAccount({ name: 'Kari' }) };
        },
        'POST /st/4/jobs': () =>
          named
            ? { body: anAlbum({ id: 'fresh', title: 'My new shared album', isShared: true }) }
            : {
                status: 409,
                body: { error: { code: 'user_name_required', message: 'Shared albums require a user name' } },
              },
        'POST /st/4/jobs/fresh/copy_files': copied,
      },
    );
    await user.click(screen.getByRole('radio', { name: 'New album' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const prompt = await screen.findByRole('dialog', { name: 'What is your name?' });
    // No failure toast: the prompt is the answer.
    expect(screen.queryByText('Failed to add file - please try again')).toBeNull();
    await user.type(within(prompt).getByRole('textbox'), 'Kari');
    await user.click(within(prompt).getByRole('button', { name: 'Done' }));
    await screen.findByText('2 files added to My new shared album');
    expect(requests.filter((r) => r.method === 'POST' && r.url.pathname === '/st/4/jobs')).toHaveLength(2);
  });

  test("a failed copy says 'Failed to add file - please try again' for 5.5 s and keeps the dialog", async () => {
    const { user, onClose } = renderPicker({}, { 'POST /st/4/jobs/summer/copy_files': { status: 500 } });
    await user.click(await screen.findByRole('radio', { name: 'Summer' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Failed to add file - please try again')).toBeTruthy();
    expect(ADD_FAILED_TOAST_MS).toBe(5500);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Done' }).disabled).toBe(false);
  });

  test('the failure toast goes after 5.5 s, not the usual 4', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderPicker({}, { 'POST /st/4/jobs/summer/copy_files': { status: 500 } });
    await user.click(await screen.findByRole('radio', { name: 'Summer' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await screen.findByText('Failed to add file - please try again');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByText('Failed to add file - please try again')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.queryByText('Failed to add file - please try again')).toBeNull();
  });
});

describe('keyboard (spec 000 §9)', () => {
  test('Escape closes', async () => {
    const { user, onClose } = renderPicker();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  test('focus starts on the new-album tile; arrows move and choose, skipping the disabled album', async () => {
    const { user } = renderPicker({ currentAlbumId: 'summer' });
    await screen.findByRole('radio', { name: 'Family' });
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'New album' }));
    await user.keyboard('{ArrowRight}');
    const family = screen.getByRole('radio', { name: 'Family' });
    expect(document.activeElement).toBe(family);
    expect(family.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'New album' }));
  });

  test('Tab goes from the tiles to Cancel and Done; Enter confirms the chosen album', async () => {
    const { user, requests, onClose } = renderPicker();
    await screen.findByRole('radio', { name: 'Summer' });
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Summer' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done' }));
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Summer' }));
    await user.keyboard('{Enter}');
    await vi.waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(requests.filter((r) => r.url.pathname === '/st/4/jobs/summer/copy_files')).toHaveLength(1);
  });

  test('Enter with nothing chosen on a disabled tile does nothing', async () => {
    const { user, requests, onClose } = renderPicker({ currentAlbumId: 'summer' });
    const current = await screen.findByRole('radio', { name: 'Summer' });
    current.focus();
    await user.keyboard('{Enter}');
    expect(onClose).not.toHaveBeenCalled();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
