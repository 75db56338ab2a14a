import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { aFile, anAccount, anAlbum } from '../../../test/factories.ts';
import type { SeenRequest } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render.tsx';

const MARCH = {
  year: 2024,
  month: 3,
  start: Date.UTC(2024, 2, 1) / 1000,
  end: Date.UTC(2024, 3, 1) / 1000,
  pictures: 2,
  videos: 0,
  screenshots: 0,
  documents: 0,
};

const routes = {
  'GET /st/4/jobs/job-timeline/timeline/months': { body: { months: [MARCH] } },
  'GET /st/4/jobs/job-timeline/files': {
    body: { files: [aFile({ id: 'beach' }), aFile({ id: 'lake' })], next_cursor: null },
  },
  'GET /st/4/jobs': { body: { jobs: [anAlbum({ id: 'summer', title: 'Summer' })] } },
  'POST /st/4/jobs/summer/copy_files': (request: SeenRequest) => ({
    body: {
      results: (request.body as { file_uuids: string[] }).file_uuids.map((id) => ({
        file_uuid: id,
        status: 'ok',
      })),
    },
  }),
};

const readOnly = { 'GET /st/4/account_info': { body: anAccount({ is_read_only_user: true }) } };

describe("the timeline's selection bar", () => {
  test('Add to album opens the album picker and copies the selection there', async () => {
    const { user, requests } = renderApp({ route: '/photos', routes });
    await screen.findByRole('img', { name: 'lake.jpg' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all of March 2024' }));
    const bar = await screen.findByRole('toolbar', { name: '2 selected' });
    await user.click(within(bar).getByRole('button', { name: 'Add to album' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to album' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Summer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('2 files added to Summer')).toBeTruthy();
    const copy = requests.find((r) => r.url.pathname === '/st/4/jobs/summer/copy_files');
    expect(copy?.body).toEqual({ source_job: 'job-timeline', file_uuids: ['beach', 'lake'] });
    // Done: the dialog closes and the selection ends.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  test('a read-only user sees Add to album disabled with the subscribe tooltip (spec 000 §6)', async () => {
    const { user } = renderApp({ route: '/photos', routes: { ...routes, ...readOnly } });
    await screen.findByRole('img', { name: 'lake.jpg' });
    await user.click(screen.getByRole('checkbox', { name: 'Select beach.jpg' }));
    const add = within(await screen.findByRole('toolbar')).getByRole('button', { name: 'Add to album' });
    await waitForAttribute(add, 'aria-disabled', 'true');
    // The app's tooltip describes it (ui/Tooltip.tsx), in place of a title.
    expect(document.getElementById(add.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Subscribe to add files to albums',
    );
    await user.click(add);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe("the timeline's file menu", () => {
  test('Add to album opens the picker for that file; Escape closes it', async () => {
    const { user } = renderApp({ route: '/photos', routes });
    const image = await screen.findByRole('img', { name: 'lake.jpg' });
    fireEvent.contextMenu(image, { clientX: 50, clientY: 50 });
    await user.click(await screen.findByRole('menuitem', { name: 'Add to album' }));
    expect(await screen.findByRole('dialog', { name: 'Add to album' })).toBeTruthy();
    expect(screen.queryByRole('menu')).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a read-only user gets Add to album disabled with the subscribe tooltip', async () => {
    const { user } = renderApp({ route: '/photos', routes: { ...routes, ...readOnly } });
    const image = await screen.findByRole('img', { name: 'lake.jpg' });
    fireEvent.contextMenu(image, { clientX: 50, clientY: 50 });
    const item = await screen.findByRole('menuitem', { name: 'Add to album' });
    await waitForAttribute(item, 'aria-disabled', 'true');
    // The app's tooltip describes it (ui/Tooltip.tsx), in place of a title.
    expect(document.getElementById(item.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Subscribe to add files to albums',
    );
    await user.click(item);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** Waits until the account info has arrived and `element` carries `name="value"`. */
async function waitForAttribute(element: Element, name: string, value: string) {
  await waitFor(() => {
    expect(element.getAttribute(name)).toBe(value);
  });
}
