import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { aFile } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';
import type { GridSource } from '../library/index.ts';
import { sectionsOf } from './sections.ts';
import { TimelineGrid } from './TimelineGrid.tsx';

const MAY = { year: 2024, month: 5, start: Date.UTC(2024, 4, 1) / 1000, end: Date.UTC(2024, 5, 1) / 1000 };

describe('the grid takes its data source as a prop', () => {
  test('an album view can show its own files in the timeline grid', async () => {
    const asked: string[] = [];
    // What an album view would pass: its job, and its own way of fetching a section.
    const albumSource: GridSource = {
      jobId: 'album-7',
      sectionFiles: (_api, section, filter) => ({
        queryKey: ['album-grid', 'album-7', section.start, filter],
        queryFn: () => {
          asked.push(`${String(section.start)}:${filter}`);
          return Promise.resolve([aFile({ id: 'kite', name: 'kite.jpg', job: 'album-7' })]);
        },
      }),
    };
    const sections = sectionsOf([{ ...MAY, pictures: 1, videos: 0, screenshots: 0, documents: 0 }], 'all');
    const { requests } = renderApp({
      element: <TimelineGrid source={albumSource} sections={sections} filter="all" />,
    });
    const may = await screen.findByRole('region', { name: 'May 2024' });
    expect(await within(may).findByRole('img', { name: 'kite.jpg' })).toBeTruthy();
    expect(asked).toEqual([`${String(MAY.start)}:all`]);
    // Nothing was fetched from the timeline's files.
    expect(requests.some((r) => r.url.pathname.endsWith('/files'))).toBe(false);
  });
});
