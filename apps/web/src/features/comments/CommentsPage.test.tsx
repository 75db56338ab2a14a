import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { aFile } from '../../test/factories.ts';
import type { FakeRoutes } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';
import { RoutesWithLocation } from '../../test/visitor.tsx';
import { CALLS, aComment, aVisitedAlbum, fileComments } from '../../test/comments.ts';

const SIGNED_OUT = { login: { status: 'NOT_STARTED', notice: null }, token: null } as const;
const files = (...ids: string[]) => ({
  body: { files: ids.map((id) => aFile({ id, name: `${id}.jpg`, job: 'job-1' })), next_cursor: null },
});

function routes(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /st/4/jobs/job-1/info': { body: aVisitedAlbum() },
    'GET /st/4/jobs/job-1/files': files('f-0', 'f-1'),
    'GET /st/4/jobs/job-1/changes': { body: { changes: [], last_serial: 4 } },
    'GET /st/4/jobs/job-1/activity': { body: { files: [] } },
    [`GET ${CALLS.comments}`]: { body: fileComments([aComment({ author_name: 'Ola' })]) },
    ...overrides,
  };
}

const location = () => screen.getByTestId('location').textContent;

describe('/comments/{albumId}/{fileId} (spec 000 §2 comment side panel)', () => {
  test('a visitor sees the file and its comments; Close goes to the album by its link', async () => {
    const { user } = renderApp({
      ...SIGNED_OUT,
      route: '/comments/job-1/f-1',
      routes: routes(),
      element: <RoutesWithLocation />,
    });
    const panel = await screen.findByRole('complementary', { name: 'Comments' });
    expect(await within(panel).findByText('Lovely light')).toBeTruthy();
    expect((await screen.findByRole('img', { name: 'f-1.jpg' })).getAttribute('src')).toContain(
      '/th/3/f-1?area=1280',
    );
    expect(within(panel).getByRole('textbox', { name: 'Add a comment' })).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(location()).toBe('/a/job-1');
    });
  });

  test('Back leads to the album; previous and next move along the album by keyboard (issue #23)', async () => {
    const { user } = renderApp({
      ...SIGNED_OUT,
      route: '/comments/job-1/f-1',
      routes: routes({
        'GET /st/4/jobs/job-1/files': files('f-0', 'f-1', 'f-2'),
        'GET /st/4/jobs/job-1/files_by_id/f-2/comments': {
          body: fileComments([], [], aFile({ id: 'f-2', name: 'f-2.jpg' })),
        },
      }),
      element: <RoutesWithLocation />,
    });
    const nav = await screen.findByRole('navigation', { name: 'Album photos' });
    const next = await within(nav).findByRole('link', { name: 'Next photo' });
    expect(next.getAttribute('href')).toBe('/comments/job-1/f-2');
    expect(within(nav).getByRole('link', { name: 'Previous photo' }).getAttribute('href')).toBe(
      '/comments/job-1/f-0',
    );
    next.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(location()).toBe('/comments/job-1/f-2');
    });
    expect(await screen.findByRole('img', { name: 'f-2.jpg' })).toBeTruthy();
    // The last file has no next one.
    const after = screen.getByRole('navigation', { name: 'Album photos' });
    expect(await within(after).findByRole('link', { name: 'Previous photo' })).toBeTruthy();
    expect(within(after).queryByRole('link', { name: 'Next photo' })).toBeNull();
    await user.click(within(after).getByRole('button', { name: 'Back to album' }));
    await waitFor(() => {
      expect(location()).toBe('/a/job-1');
    });
  });

  test('a member closes it to the album page', async () => {
    const { user } = renderApp({
      route: '/comments/job-1/f-1',
      routes: routes({
        'GET /st/4/jobs/job-1/info': {
          body: aVisitedAlbum({
            role: 'participant',
            currentUserCan: { ...aVisitedAlbum().currentUserCan, addComment: true },
          }),
        },
      }),
      element: <RoutesWithLocation />,
    });
    const panel = await screen.findByRole('complementary', { name: 'Comments' });
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(location()).toBe('/albums/job-1');
    });
  });

  test('a protected album sends the visitor to its password page', async () => {
    renderApp({
      ...SIGNED_OUT,
      route: '/comments/job-1/f-1',
      routes: routes({
        'GET /st/4/jobs/job-1/info': {
          status: 403,
          body: { error: { code: 'password_required', message: 'public job auth failed' } },
        },
      }),
      element: <RoutesWithLocation />,
    });
    expect(await screen.findByRole('heading', { name: 'This album is password protected' })).toBeTruthy();
    expect(location()).toBe('/a/job-1');
  });

  test('a missing album shows the album-not-found page', async () => {
    renderApp({
      ...SIGNED_OUT,
      route: '/comments/job-1/f-1',
      routes: routes({ 'GET /st/4/jobs/job-1/info': { status: 404 } }),
    });
    expect(await screen.findByRole('heading', { name: /not found|find/i })).toBeTruthy();
  });

  test('a file that is not in the album says so, with a way back', async () => {
    renderApp({ ...SIGNED_OUT, route: '/comments/job-1/f-9', routes: routes() });
    expect(await screen.findByRole('heading', { name: 'This photo is no longer in the album' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to album' }).getAttribute('href')).toBe('/a/job-1');
  });

  test("a comment record in the album's changes brings the new comments (issue #12)", async () => {
    let serial = 4;
    const listed = [aComment({ author_name: 'Ola' })];
    const { requests } = renderApp({
      ...SIGNED_OUT,
      route: '/comments/job-1/f-1',
      routes: routes({
        'GET /st/4/jobs/job-1/info': () => ({ body: aVisitedAlbum({ last_update: serial }) }),
        'GET /st/4/jobs/job-1/changes': () => {
          if (serial === 4) {
            serial = 5;
            listed.push(aComment({ comment_uuid: 'c-2', author_name: 'Kari', comment: 'Hello from afar' }));
            return {
              body: {
                changes: [{ serial: 5, type: 10, timestamp: 1, data: { comment: 'x' } }],
                last_serial: 5,
              },
            };
          }
          return { body: { changes: [], last_serial: 5 } };
        },
        [`GET ${CALLS.comments}`]: () => ({ body: fileComments(listed) }),
      }),
    });
    expect(await screen.findByText('Hello from afar', {}, { timeout: 4000 })).toBeTruthy();
    expect(requests.filter((r) => r.url.pathname === CALLS.comments).length).toBeGreaterThan(1);
  });
});
