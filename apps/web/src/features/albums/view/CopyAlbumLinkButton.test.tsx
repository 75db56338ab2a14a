import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { albumRoutes } from '../../../test/album.ts';

const shared = { isShared: true, privacy_mode: 'shared' } as const;

describe("a shared album's Copy link (issue #23)", () => {
  test('copies the /a/{id} link for whoever may invite, with the Link copied toast', async () => {
    const { user } = renderApp({ route: '/albums/album-1', routes: albumRoutes(shared) });
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/a/album-1`);
  });

  test('a private album has no link to copy', async () => {
    renderApp({ route: '/albums/album-1', routes: albumRoutes() });
    await screen.findByRole('button', { name: 'Play slideshow' });
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
  });
});
