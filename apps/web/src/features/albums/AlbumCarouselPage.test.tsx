import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { aFile } from '../../test/factories.ts';
import { PARTICIPANT_CAN, albumRoutes } from '../../test/album.ts';

afterEach(() => {
  vi.useRealTimers();
});

const viewer = (name: string) => screen.findByRole('dialog', { name }, { timeout: 3000 });

describe('album carousel /carousel/{albumId}/{fileId} (spec 000 §2, §4 Carousel)', () => {
  test("steps through the album's files in its sort order and closes to the album", async () => {
    const { requests } = renderApp({
      route: '/carousel/album-1/f-1',
      routes: albumRoutes({ sort_order: 'NEWEST_TAKEN' }),
    });
    const first = await viewer('beach.jpg');
    expect(requests.find((r) => r.url.pathname.endsWith('/files'))?.url.searchParams.get('sort')).toBe(
      'NEWEST_TAKEN',
    );
    fireEvent.click(within(first).getByRole('button', { name: 'Next' }));
    const second = await viewer('lake.jpg');
    fireEvent.keyDown(second, { key: 'Escape' });
    // Opened by its URL: closing goes to the album page.
    expect(await screen.findByRole('textbox', { name: 'Album name' })).toBeTruthy();
  });

  test('Remove from album shows only for files the caller may remove (spec 000 §6, issue #23)', async () => {
    renderApp({
      route: '/carousel/album-1/f-3',
      routes: albumRoutes({ role: 'participant', currentUserCan: PARTICIPANT_CAN }),
    });
    const theirs = await viewer('dog.jpg');
    expect(within(theirs).queryByRole('button', { name: 'Remove from album' })).toBeNull();
    expect(within(theirs).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(within(theirs).getByRole('button', { name: 'Add to album' })).toBeTruthy();
    fireEvent.click(within(theirs).getByRole('button', { name: 'Previous' }));
    const mine = await viewer('lake.jpg');
    expect(within(mine).getByRole('button', { name: 'Remove from album' })).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  test('#autoPlay advances every 5000 ms (spec 000 §9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp({ route: '/carousel/album-1/f-1#autoPlay', routes: albumRoutes() });
    await viewer('beach.jpg');
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.getByRole('dialog', { name: 'beach.jpg' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => {
      expect(screen.getByRole('dialog', { name: 'lake.jpg' })).toBeTruthy();
    });
  });
});

test('a tile of the album opens the carousel, and Back returns to the album', async () => {
  const { user } = renderApp({ route: '/albums/album-1', routes: albumRoutes() });
  await user.click(await screen.findByRole('img', { name: 'lake.jpg' }));
  const shown = await viewer('lake.jpg');
  await user.click(within(shown).getByRole('button', { name: 'Back to photos' }));
  expect(await screen.findByRole('img', { name: 'lake.jpg' })).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
});

describe('comments in the carousel (issue #12; spec 000 §2 comment side panel)', () => {
  const commentsOf = (fileId: string, text: string) => ({
    body: {
      file: aFile({ id: fileId }),
      comments: [
        {
          comment_uuid: `c-${fileId}`,
          file_id: fileId,
          user: 'user-2',
          guest_id: null,
          author_name: 'Grace Hopper',
          comment: text,
          timestamp: Math.floor(Date.now() / 1000),
          last_edit_timestamp: null,
          can_edit: false,
          can_delete: true,
        },
      ],
      comment_count: 1,
      reactions: [],
      loved: false,
    },
  });
  const routes = {
    ...albumRoutes({ sort_order: 'NEWEST_TAKEN' }),
    'GET /st/4/jobs/album-1/activity': {
      body: { files: [{ id: 'f-1', comment_count: 3, love_count: 1, loved: false }] },
    },
    'GET /st/4/jobs/album-1/files_by_id/f-1/comments': commentsOf('f-1', 'On the beach'),
    'GET /st/4/jobs/album-1/files_by_id/f-2/comments': commentsOf('f-2', 'By the lake'),
  };

  test('the comments button opens the panel beside the stage; it follows the carousel', async () => {
    const { user } = renderApp({ route: '/carousel/album-1/f-1', routes });
    const shown = await viewer('beach.jpg');
    const button = await within(shown).findByRole('button', { name: 'Comments (3)' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    const panel = await within(shown).findByRole('complementary', { name: 'Comments' }, { timeout: 3000 });
    expect(await within(panel).findByText('On the beach')).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Next' }));
    const next = await viewer('lake.jpg');
    expect(await within(next).findByText('By the lake')).toBeTruthy();
    expect(within(next).getByRole('button', { name: 'Comments' })).toBeTruthy();
    await user.click(within(next).getByRole('button', { name: 'Close' }));
    expect(within(next).queryByRole('complementary', { name: 'Comments' })).toBeNull();
  });

  test('typing and keys in the panel neither move the carousel nor close the viewer', async () => {
    const { user } = renderApp({ route: '/carousel/album-1/f-1', routes });
    const shown = await viewer('beach.jpg');
    await user.click(await within(shown).findByRole('button', { name: 'Comments (3)' }));
    const field = await within(shown).findByRole('textbox', { name: 'Add a comment' }, { timeout: 3000 });
    await user.type(field, 'Sand{ArrowLeft}{ArrowRight}{Home}{End}{Escape}');
    fireEvent.keyDown(within(shown).getByRole('button', { name: 'Love' }), { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'beach.jpg' })).toBeTruthy();
    expect(field).toHaveProperty('value', 'Sand');
    // Escape on the panel (not in a text field) closes the panel, not the viewer.
    fireEvent.keyDown(within(shown).getByRole('button', { name: 'Love' }), { key: 'Escape' });
    expect(within(shown).queryByRole('complementary', { name: 'Comments' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'beach.jpg' })).toBeTruthy();
  });
});
