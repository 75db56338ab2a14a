import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { aFile, anAlbum } from '../../../test/factories.ts';
import type { FakeRoutes, SeenRequest } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { PickerBar } from './PickerBar.tsx';
import { useCancelFlow } from './use-edit-flow.ts';

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

const ALBUM = anAlbum({ id: 'alb', title: 'Trip' });

const routes = (overrides: FakeRoutes = {}): FakeRoutes => ({
  'GET /st/4/jobs/alb/info': { body: ALBUM },
  'GET /st/4/jobs/alb/files': { body: { files: [], next_cursor: null } },
  'GET /st/4/jobs/job-timeline/timeline/months': { body: { months: [MARCH] } },
  'GET /st/4/jobs/job-timeline/files': {
    body: { files: [aFile({ id: 'beach' }), aFile({ id: 'lake' })], next_cursor: null },
  },
  'POST /st/4/jobs/alb/copy_files': (request) => ({
    body: {
      results: (request.body as { file_uuids: string[] }).file_uuids.map((id) => ({
        file_uuid: id,
        status: 'ok',
        new_uuid: `album-${id}`,
      })),
    },
  }),
  ...overrides,
});

const sent = (requests: SeenRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.url.pathname === path);

describe('the Add photos picker (spec 000 §2, §5)', () => {
  test('a month chosen by its checkbox is copied from the timeline into the album with Add photos', async () => {
    const { requests, user } = renderApp({ route: '/addPhotos/alb', routes: routes() });
    await screen.findByRole('img', { name: 'beach.jpg' });
    const bar = screen.getByRole('toolbar', { name: 'Add photos to Trip' });
    const add = within(bar).getByRole('button', { name: 'Add photos' });
    expect(add).toHaveProperty('disabled', true);
    expect(within(bar).getByText('0 selected')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Select all of March 2024' }));
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    expect(add).toHaveProperty('disabled', false);
    await user.click(add);
    expect(await screen.findByText('2 files added to the album')).toBeTruthy();
    expect(sent(requests, 'POST', '/st/4/jobs/alb/copy_files')[0]?.body).toEqual({
      source_job: 'job-timeline',
      file_uuids: ['beach', 'lake'],
    });
  });

  test('in the picker a click on a photo selects it rather than opening the viewer', async () => {
    const { user } = renderApp({ route: '/addPhotos/alb', routes: routes() });
    await user.click(await screen.findByRole('img', { name: 'beach.jpg' }));
    expect(screen.getByRole('checkbox', { name: 'Select beach.jpg' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(within(screen.getByRole('toolbar')).getByText('1 selected')).toBeTruthy();
  });

  test('by keyboard: Space on a month checkbox, Enter on Add photos', async () => {
    const { requests, user } = renderApp({ route: '/addPhotos/alb', routes: routes() });
    await screen.findByRole('img', { name: 'beach.jpg' });
    screen.getByRole('checkbox', { name: 'Select all of March 2024' }).focus();
    await user.keyboard(' ');
    screen.getByRole('button', { name: 'Add photos' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(sent(requests, 'POST', '/st/4/jobs/alb/copy_files')).toHaveLength(1);
    });
  });

  test('a failed copy says so and stays', async () => {
    const { user } = renderApp({
      route: '/addPhotos/alb',
      routes: routes({
        'POST /st/4/jobs/alb/copy_files': {
          status: 500,
          body: { error: { code: 'internal', message: 'x' } },
        },
      }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all of March 2024' }));
    await user.click(screen.getByRole('button', { name: 'Add photos' }));
    expect(await screen.findByText('Failed to add file - please try again')).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: 'Add photos to Trip' })).toBeTruthy();
  });

  test('files in the album show, pending ones dimmed, each with a remove button', async () => {
    const files = [
      aFile({ id: 'ready', job: 'alb', name: 'ready.jpg' }),
      aFile({ id: 'new', job: 'alb', name: 'new.jpg', media_status: 'pending', thumb_url_small: null }),
    ];
    const { requests, user } = renderApp({
      route: '/albums/alb/edit/addPhotos',
      routes: routes({
        'GET /st/4/jobs/alb/files': { body: { files, next_cursor: null } },
        'DELETE /st/4/jobs/alb/files_by_id/ready': { body: { ok: true } },
      }),
    });
    const strip = await screen.findByRole('region', { name: 'In this album' });
    const pending = within(strip).getByRole('img', { name: 'new.jpg, still being added' });
    expect(pending.closest('li')?.className).toContain('is-pending');
    expect(within(strip).getByRole('img', { name: 'ready.jpg' }).closest('li')?.className).not.toContain(
      'is-pending',
    );
    // Step 2 of the edit flow shows its steps; the first is a link back.
    expect(screen.getByRole('link', { name: '1. Name the album' }).getAttribute('href')).toBe(
      '/albums/alb/edit/a',
    );
    await user.click(within(strip).getByRole('button', { name: 'Remove ready.jpg from the album' }));
    await waitFor(() => {
      expect(sent(requests, 'DELETE', '/st/4/jobs/alb/files_by_id/ready')).toHaveLength(1);
    });
  });

  test("a participant gets a remove button on their own files only, not on others' (issue #23)", async () => {
    const files = [
      aFile({ id: 'mine', job: 'alb', name: 'mine.jpg' }),
      aFile({ id: 'theirs', job: 'alb', name: 'theirs.jpg', user_uuid: 'user-2' }),
    ];
    const participant = anAlbum({
      id: 'alb',
      title: 'Trip',
      role: 'participant',
      currentUserCan: { ...ALBUM.currentUserCan, deleteAnyFile: false, editAlbum: false },
    });
    renderApp({
      route: '/albums/alb/edit/addPhotos',
      routes: routes({
        'GET /st/4/jobs/alb/info': { body: participant },
        'GET /st/4/jobs/alb/files': { body: { files, next_cursor: null } },
      }),
    });
    const strip = await screen.findByRole('region', { name: 'In this album' });
    await within(strip).findByRole('img', { name: 'theirs.jpg' });
    expect(within(strip).getByRole('button', { name: 'Remove mine.jpg from the album' })).toBeTruthy();
    expect(within(strip).queryByRole('button', { name: 'Remove theirs.jpg from the album' })).toBeNull();
  });

  test('Cancel of an album that was not created here keeps it and returns to it', async () => {
    const { requests, user } = renderApp({
      route: '/addPhotos/alb',
      routes: routes({ 'GET /st/4/jobs/alb/files': { body: { files: [], next_cursor: null } } }),
    });
    await screen.findByRole('img', { name: 'beach.jpg' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    // The album page.
    expect(await screen.findByRole('heading', { name: 'Trip' })).toBeTruthy();
    expect(screen.queryByRole('toolbar', { name: 'Add photos to Trip' })).toBeNull();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  test('Upload from device stays possible beside the picker', async () => {
    renderApp({ route: '/addPhotos/alb', routes: routes() });
    const input = await screen.findByLabelText('Upload from device');
    expect(input.getAttribute('type')).toBe('file');
  });
});

describe('picker counter and maximum (spec 000 §5)', () => {
  function Harness() {
    const [count, setCount] = useState(1);
    return (
      <>
        <button
          type="button"
          onClick={() => {
            setCount(count + 1);
          }}
        >
          more
        </button>
        <PickerBar
          title="Pick"
          count={count}
          max={2}
          isBusy={false}
          onAdd={() => undefined}
          onCancel={() => undefined}
        />
      </>
    );
  }

  test('above the maximum the counter turns red, Next is off, and the limit prompt shows once', async () => {
    const { user } = renderApp({ element: <Harness /> });
    const add = screen.getByRole('button', { name: 'Add photos' });
    expect(add).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'more' }));
    expect(screen.getByText('2 selected').className).not.toContain('is-over-max');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'more' }));
    expect(screen.getByText('3 selected').className).toContain('is-over-max');
    expect(add).toHaveProperty('disabled', true);
    const prompt = screen.getByRole('dialog', { name: 'Too many photos selected' });
    expect(within(prompt).getByText('You can add up to 2 photos at a time.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'more' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('cancel while files are still being copied (spec 000 §4)', () => {
  function Harness() {
    const cancel = useCancelFlow({
      albumId: 'alb',
      isCreatedHere: true,
      fileCount: 0,
      isCopying: true,
      isReceiving: false,
      target: '/albums',
    });
    return (
      <button type="button" onClick={() => void cancel()}>
        cancel
      </button>
    );
  }

  test("shows 'files are being copied' and keeps the album the copies go to", async () => {
    const { requests, user } = renderApp({ element: <Harness /> });
    await user.click(screen.getByRole('button', { name: 'cancel' }));
    expect(await screen.findByText('Files are being copied to the album')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });
});
