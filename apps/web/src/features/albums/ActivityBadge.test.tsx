import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { aFile } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';
import { albumRoutes } from '../../test/album.ts';
import { aSharedAlbum } from '../../test/visitor.tsx';

describe("a file's comment and love counts on its tile (issue #12)", () => {
  test('an album grid tile links to its comments with its counts; files without any show none', async () => {
    const { requests } = renderApp({
      route: '/albums/album-1',
      routes: {
        ...albumRoutes(),
        'GET /st/4/jobs/album-1/activity': {
          body: { files: [{ id: 'f-2', comment_count: 2, love_count: 1, loved: true }] },
        },
      },
    });
    const badge = await screen.findByRole('link', { name: 'Comments on lake.jpg (2 comments and 1 love)' });
    expect(badge.getAttribute('href')).toBe('/comments/album-1/f-2');
    expect(badge.textContent).toBe('21');
    expect(screen.getAllByTestId('file-activity-badge')).toHaveLength(1);
    // One query for the whole album.
    expect(requests.filter((r) => r.url.pathname.endsWith('/activity'))).toHaveLength(1);
  });

  test("a visitor's tile says its counts, which open the file's comments", async () => {
    renderApp({
      login: { status: 'NOT_STARTED', notice: null },
      token: null,
      route: '/a/job-1',
      routes: {
        'GET /st/4/jobs/job-1/info': { body: aSharedAlbum({ media_count: 2 }) },
        'GET /st/4/jobs/job-1/files': {
          body: {
            files: ['beach', 'kite'].map((id) => aFile({ id, name: `${id}.jpg`, job: 'job-1' })),
            next_cursor: null,
          },
        },
        'GET /st/4/jobs/job-1/changes': { body: { changes: [], last_serial: 4 } },
        'GET /st/4/jobs/job-1/activity': {
          body: { files: [{ id: 'kite', comment_count: 1, love_count: 0, loved: false }] },
        },
      },
    });
    const grid = await screen.findByRole('list', { name: 'Cabin trip' });
    const kite = await within(grid).findByRole('link', { name: 'Comments on kite.jpg (1 comment)' });
    expect(kite.getAttribute('href')).toBe('/comments/job-1/kite');
    expect(kite.getAttribute('data-testid')).toBe('file-activity-badge');
    expect(kite.textContent).toBe('1');
    // The picture itself opens the visitor's carousel (issue #23).
    const picture = within(grid).getByRole('img', { name: 'kite.jpg' }).closest('a');
    expect(picture?.getAttribute('href')).toBe('/a/job-1/carousel/kite');
    expect(within(grid).queryByRole('link', { name: /Comments on beach\.jpg/ })).toBeNull();
  });
});
