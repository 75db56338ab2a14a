import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { aFile } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';

const MARCH = {
  year: 2024,
  month: 3,
  start: Date.UTC(2024, 2, 1) / 1000,
  end: Date.UTC(2024, 3, 1) / 1000,
  pictures: 3,
  videos: 0,
  screenshots: 0,
  documents: 0,
};

const routes = {
  'GET /st/4/jobs/job-timeline/timeline/months': { body: { months: [MARCH] } },
  'GET /st/4/jobs/job-timeline/files': {
    body: {
      files: [aFile({ id: 'beach' }), aFile({ id: 'dunes' }), aFile({ id: 'lake' })],
      next_cursor: null,
    },
  },
};

/** A device whose only pointer is a finger (`any-pointer: fine` false), or one with a mouse. */
function pointerIs(kind: 'touch' | 'mouse') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('pointer: fine') ? kind === 'mouse' : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('selection bar (spec 000 §4 Selection)', () => {
  test('the delete confirmation of a selection names how many files go', async () => {
    const { user } = renderApp({ route: '/photos', routes });
    await screen.findByRole('img', { name: 'lake.jpg' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all of March 2024' }));
    const bar = await screen.findByRole('toolbar', { name: '3 selected' });
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 3 files?' });
    expect(dialog.textContent).toContain('The files move to deleted items');
  });

  test('the shift-click hint shows where there is a mouse', async () => {
    pointerIs('mouse');
    const { user } = renderApp({ route: '/photos', routes });
    await screen.findByRole('img', { name: 'lake.jpg' });
    await user.click(screen.getByRole('checkbox', { name: 'Select beach.jpg' }));
    expect(await screen.findByText(/hold Shift and click/)).toBeTruthy();
  });

  test('a touch device gets no shift-click hint: it has no Shift to hold', async () => {
    pointerIs('touch');
    const { user } = renderApp({ route: '/photos', routes });
    await screen.findByRole('img', { name: 'lake.jpg' });
    await user.click(screen.getByRole('checkbox', { name: 'Select beach.jpg' }));
    expect(await screen.findByRole('toolbar', { name: '1 selected' })).toBeTruthy();
    expect(screen.queryByText(/hold Shift and click/)).toBeNull();
  });

  test('the file menu has a button of its own on each tile: touch screens have no right click (issue #23)', async () => {
    const { user } = renderApp({ route: '/photos', routes });
    await screen.findByRole('img', { name: 'lake.jpg' });
    await user.click(screen.getByRole('button', { name: 'More actions for lake.jpg' }));
    const menu = await screen.findByRole('menu', { name: 'Actions for lake.jpg' });
    expect(within(menu).getByRole('menuitem', { name: 'Download' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toBeTruthy();
    // While selecting, a tap selects: the buttons step aside.
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('checkbox', { name: 'Select beach.jpg' }));
    expect(screen.queryByRole('button', { name: 'More actions for lake.jpg' })).toBeNull();
  });

  test("the timeline's selection bar offers what the registry gives its owner", async () => {
    const { user } = renderApp({ route: '/photos', routes });
    await screen.findByRole('img', { name: 'lake.jpg' });
    await user.click(screen.getByRole('checkbox', { name: 'Select beach.jpg' }));
    const bar = await screen.findByRole('toolbar', { name: '1 selected' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Clear selection', 'Download', 'Add to album', 'Share', 'Delete']);
  });
});
