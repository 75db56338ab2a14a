import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { aFile, anAccount, anAlbum, TIMELINE_JOB } from '../../../test/factories.ts';
import type { FakeRoutes } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { albumRoutes } from '../../../test/album.ts';
import { RoutesWithLocation } from '../../../test/visitor.tsx';
import { aVisitedAlbum, CALLS, fileComments } from '../../../test/comments.ts';
import { library, shown } from '../../../test/library.ts';

const ID = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const SHARE = { 'POST /st/4/shares': { body: { id: ID, expires: Date.UTC(2026, 11, 24) / 1000 } } };
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
const timeline: FakeRoutes = {
  'GET /st/4/jobs/job-timeline/timeline/months': { body: { months: [MARCH] } },
  'GET /st/4/jobs/job-timeline/files': {
    body: { files: [aFile({ id: 'beach' }), aFile({ id: 'lake' })], next_cursor: null },
  },
  ...SHARE,
};
/** A read-only account, and its timeline's flags as the server's access table sends them. */
const readOnly = {
  'GET /st/4/account_info': { body: anAccount({ is_read_only_user: true }) },
  'GET /st/4/jobs/default': {
    body: {
      ...TIMELINE_JOB,
      currentUserCan: {
        ...TIMELINE_JOB.currentUserCan,
        addPhotos: false,
        shareFiles: false,
        needsSubscription: ['addPhotos', 'shareFiles'],
      },
    },
  },
};
const READ_ONLY_TIP = 'Subscribe to share files';

/** Waits until the account info has arrived and `element` carries `name="value"`. */
async function waitForAttribute(element: Element, name: string, value: string) {
  await waitFor(() => {
    expect(element.getAttribute(name)).toBe(value);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the timeline's selection bar", () => {
  test('Share opens the share dialog for the selection, whose link shares those files', async () => {
    const { user, requests } = renderApp({ route: '/photos', routes: timeline });
    await screen.findByRole('img', { name: 'lake.jpg' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all of March 2024' }));
    const bar = await screen.findByRole('toolbar', { name: '2 selected' });
    await user.click(within(bar).getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share 2 files' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(requests.find((r) => r.url.pathname === '/st/4/shares')?.body).toEqual({
      source_job: 'job-timeline',
      file_uuids: ['beach', 'lake'],
    });
    // Escape closes the dialog, not the selection under it.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('toolbar', { name: '2 selected' })).toBeTruthy();
  });

  test('a read-only user sees Share disabled with the subscribe tooltip (spec 000 §6)', async () => {
    const { user } = renderApp({ route: '/photos', routes: { ...timeline, ...readOnly } });
    await screen.findByRole('img', { name: 'lake.jpg' });
    await user.click(screen.getByRole('checkbox', { name: 'Select beach.jpg' }));
    const share = within(await screen.findByRole('toolbar')).getByRole('button', { name: 'Share' });
    await waitForAttribute(share, 'aria-disabled', 'true');
    expect(document.getElementById(share.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      READ_ONLY_TIP,
    );
    await user.click(share);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe("the timeline's file menu", () => {
  test('Share opens the dialog for that file; Escape closes it', async () => {
    const { user } = renderApp({ route: '/photos', routes: timeline });
    const image = await screen.findByRole('img', { name: 'lake.jpg' });
    fireEvent.contextMenu(image, { clientX: 50, clientY: 50 });
    await user.click(await screen.findByRole('menuitem', { name: 'Share' }));
    expect(await screen.findByRole('dialog', { name: 'Share 1 file' })).toBeTruthy();
    expect(screen.queryByRole('menu')).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a read-only user gets Share disabled with the subscribe tooltip', async () => {
    renderApp({ route: '/photos', routes: { ...timeline, ...readOnly } });
    const image = await screen.findByRole('img', { name: 'lake.jpg' });
    fireEvent.contextMenu(image, { clientX: 50, clientY: 50 });
    const item = await screen.findByRole('menuitem', { name: 'Share' });
    await waitForAttribute(item, 'aria-disabled', 'true');
    expect(document.getElementById(item.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      READ_ONLY_TIP,
    );
  });
});

describe('the viewer', () => {
  test('Share shares the file on screen; the carousel keys rest while the dialog is open', async () => {
    const { routes } = library();
    const { user, requests } = renderApp({ route: '/photos/a', routes: { ...routes, ...SHARE } });
    await shown('a.jpg');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share 1 file' });
    await user.keyboard('{ArrowRight}');
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    await screen.findByText('Link copied');
    expect(requests.find((r) => r.url.pathname === '/st/4/shares')?.body).toEqual({
      source_job: 'job-timeline',
      file_uuids: ['a'],
    });
    await user.keyboard('{Escape}');
    // The viewer stays, on the same file.
    expect(await shown('a.jpg')).toBeTruthy();
  });

  test("a read-only user's Share is disabled with the subscribe tooltip", async () => {
    const { routes } = library();
    renderApp({ route: '/photos/a', routes: { ...routes, ...readOnly } });
    await shown('a.jpg');
    const share = screen.getByRole('button', { name: 'Share' });
    await waitForAttribute(share, 'aria-disabled', 'true');
    expect(document.getElementById(share.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      READ_ONLY_TIP,
    );
  });
});

describe('the album view', () => {
  const shared = { isShared: true, privacy_mode: 'shared' } as const;

  test("a shared album's owner invites by e-mail: publish on the album id", async () => {
    const { user, requests } = renderApp({
      route: '/albums/album-1',
      routes: {
        ...albumRoutes(shared),
        'POST /st/4/jobs/album-1/publish': { body: { sent: 1, delivery: 'sent' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Invite by e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite by e-mail' });
    await user.type(within(dialog).getByLabelText('To'), 'ann@example.com');
    await user.type(within(dialog).getByLabelText('Subject'), 'Our trip');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Invitation sent')).toBeTruthy();
    expect(requests.find((r) => r.url.pathname === '/st/4/jobs/album-1/publish')?.body).toMatchObject({
      to_email: 'ann@example.com',
      subject: 'Our trip',
    });
  });

  test('a private album has no invitation; its file menu shares from the album', async () => {
    const { user, requests } = renderApp({
      route: '/albums/album-1',
      routes: { ...albumRoutes(), ...SHARE },
    });
    const image = await screen.findByRole('img', { name: 'lake.jpg' });
    expect(screen.queryByRole('button', { name: 'Invite by e-mail' })).toBeNull();
    fireEvent.contextMenu(image, { clientX: 0, clientY: 0 });
    await user.click(await screen.findByRole('menuitem', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share 1 file' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    await screen.findByText('Link copied');
    expect(requests.find((r) => r.url.pathname === '/st/4/shares')?.body).toEqual({
      source_job: 'album-1',
      file_uuids: ['f-2'],
    });
  });

  test("the album's selection shares from the album; sharing to an album lists this one disabled", async () => {
    const { user, requests } = renderApp({
      route: '/albums/album-1',
      routes: {
        ...albumRoutes(shared),
        ...SHARE,
        'GET /st/4/jobs': { body: { jobs: [anAlbum({ id: 'album-1', title: 'Trip', ...shared })] } },
      },
    });
    await screen.findByRole('img', { name: 'lake.jpg' });
    await user.click(screen.getByRole('checkbox', { name: 'Select lake.jpg' }));
    await user.click(within(await screen.findByRole('toolbar')).getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share 1 file' });
    await user.click(within(dialog).getByRole('button', { name: 'Share to album' }));
    const picker = await screen.findByRole('dialog', { name: 'Share to album' });
    const trip = await within(picker).findByRole('radio', { name: 'Trip' });
    expect(trip.getAttribute('aria-disabled')).toBe('true');
    await user.click(within(picker).getByRole('button', { name: 'Cancel' }));
    const options = await screen.findByRole('dialog', { name: 'Share 1 file' });
    await user.click(within(options).getByRole('button', { name: 'Copy link' }));
    await screen.findByText('Link copied');
    expect(requests.find((r) => r.url.pathname === '/st/4/shares')?.body).toEqual({
      source_job: 'album-1',
      file_uuids: ['f-2'],
    });
  });

  test('a read-only user sees the invitation disabled with the subscribe tooltip', async () => {
    renderApp({ route: '/albums/album-1', routes: { ...albumRoutes(shared), ...readOnly } });
    const invite = await screen.findByRole('button', { name: 'Invite by e-mail' });
    await waitForAttribute(invite, 'aria-disabled', 'true');
    expect(document.getElementById(invite.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      READ_ONLY_TIP,
    );
  });
});

describe("a shared album's visitor (spec 000 §6)", () => {
  test("shares one file as its /albumImage link, and e-mail says it's for signed-in users", async () => {
    const { user, requests } = renderApp({
      login: { status: 'NOT_STARTED', notice: null },
      token: null,
      route: '/comments/job-1/f-1',
      routes: {
        'GET /st/4/jobs/job-1/info': { body: aVisitedAlbum() },
        'GET /st/4/jobs/job-1/changes': { body: { changes: [], last_serial: 4 } },
        'GET /st/4/jobs/job-1/activity': { body: { files: [] } },
        [`GET ${CALLS.comments}`]: { body: fileComments([]) },
      },
      element: <RoutesWithLocation />,
    });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share 1 file' });
    await user.click(within(dialog).getByRole('button', { name: 'Send by e-mail' }));
    expect(within(dialog).getByText('This is only accessible to logged-in users')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('http://localhost:3000/albumImage/job-1/f-1');
    expect(requests.some((r) => r.url.pathname === '/st/4/shares')).toBe(false);
  });

  test("signed in but no member: the comments page offers only the file's link (issue #23)", async () => {
    const { user, requests } = renderApp({
      route: '/comments/job-1/f-1',
      routes: {
        // The access table's flags for a signed-in visitor: no share of the album's files.
        'GET /st/4/jobs/job-1/info': { body: aVisitedAlbum({ role: 'visitor' }) },
        'GET /st/4/jobs/job-1/changes': { body: { changes: [], last_serial: 4 } },
        'GET /st/4/jobs/job-1/activity': { body: { files: [] } },
        [`GET ${CALLS.comments}`]: { body: fileComments([]) },
      },
      element: <RoutesWithLocation />,
    });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share 1 file' });
    expect(within(dialog).queryByRole('button', { name: 'Send by e-mail' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Share to album' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('http://localhost:3000/albumImage/job-1/f-1');
    expect(requests.some((r) => r.url.pathname === '/st/4/shares')).toBe(false);
  });
});
