import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { PARTICIPANT_CAN, albumRoutes } from './view/test-album.ts';

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

  test('Delete shows only for files the caller may delete (spec 000 §6)', async () => {
    renderApp({
      route: '/carousel/album-1/f-3',
      routes: albumRoutes({ role: 'participant', currentUserCan: PARTICIPANT_CAN }),
    });
    const theirs = await viewer('dog.jpg');
    expect(within(theirs).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(theirs).getByRole('button', { name: 'Previous' }));
    const mine = await viewer('lake.jpg');
    expect(within(mine).getByRole('button', { name: 'Delete' })).toBeTruthy();
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
