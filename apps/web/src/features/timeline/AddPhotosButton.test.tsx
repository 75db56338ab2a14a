import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { FakeAnswer, SeenRequest } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';

const jpeg = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });

/** Answers each upload by the file's name, as a server would for these fixtures. */
function uploadAnswer(request: SeenRequest): FakeAnswer {
  const form = request.body as FormData;
  const name = (form.get('file') as File).name;
  if (name === 'full.jpg')
    return { status: 413, body: { error: { code: 'quota_exceeded', message: 'full' } } };
  if (name === 'gone.jpg') return { body: { status: 'trashed', uuid: 'f-gone' } };
  return { body: { status: 'processing', uuid: `f-${name}` } };
}

describe('add photos on the empty timeline (spec 000 §2, §4 Upload item)', () => {
  test('uploads the chosen files to the timeline job and says what happened to each', async () => {
    const { user, requests } = renderApp({
      route: '/photos',
      routes: {
        'POST /st/4/jobs/job-timeline/upload': uploadAnswer,
      },
    });
    const input = await screen.findByLabelText('Add photos');
    await user.upload(input, [
      jpeg('a.jpg'),
      jpeg('b.jpg'),
      jpeg('full.jpg'),
      jpeg('gone.jpg'),
      jpeg('notes.exe'),
    ]);

    expect(await screen.findByText('2 files added to your timeline')).toBeTruthy();
    expect(screen.getByText('Some files did not upload')).toBeTruthy();
    expect(screen.getByText('full.jpg: Out of storage')).toBeTruthy();
    expect(screen.getByText('gone.jpg: You have deleted this file before')).toBeTruthy();
    expect(screen.getByText('notes.exe: This file type is not supported')).toBeTruthy();

    const uploads = requests.filter((r) => r.url.pathname === '/st/4/jobs/job-timeline/upload');
    // The unsupported file never leaves the browser.
    expect(uploads).toHaveLength(4);
    const first = uploads[0]?.body as FormData;
    expect(first.get('path')).toBe('a.jpg');
    expect(first.get('policy')).toBe('no_duplicates');
    expect(first.get('mtime')).toMatch(/^\d+$/);
    expect(uploads[0]?.headers.get('authorization')).toMatch(/^Basic /);
  });

  test('stops and says how many were not sent when the connection drops', async () => {
    const { user } = renderApp({
      route: '/photos',
      routes: {
        'POST /st/4/jobs/job-timeline/upload': (request) =>
          ((request.body as FormData).get('file') as File).name === 'a.jpg'
            ? { body: { status: 'processing', uuid: 'f-a' } }
            : 'network',
      },
    });
    await user.upload(await screen.findByLabelText('Add photos'), [
      jpeg('a.jpg'),
      jpeg('b.jpg'),
      jpeg('c.jpg'),
    ]);
    expect(await screen.findByText('The connection was lost. 2 files were not uploaded.')).toBeTruthy();
    expect(screen.getByText('1 file added to your timeline')).toBeTruthy();
  });
});
