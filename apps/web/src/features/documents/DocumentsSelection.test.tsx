import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { FakeRoutes, SeenRequest } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';
import { aDocument, localSeconds } from './test-documents.ts';

const ROUTE = '/documents';
const receipt = aDocument('receipt.pdf', localSeconds(2024, 3, 20));
const notes = aDocument('notes.txt', localSeconds(2024, 3, 2));
const budget = aDocument('budget.xlsx', localSeconds(2023, 12, 30));

/** A server whose documents are `files` until delete_documents takes some (all but `keep`). */
function documentsServer(files = [receipt, notes, budget], keep: string[] = []): FakeRoutes {
  let left = [...files];
  return {
    'GET /st/4/jobs/job-timeline/documents': () => ({ body: { files: left } }),
    'POST /st/4/jobs/job-timeline/delete_documents': (request) => {
      const ids = (request.body as { file_ids: string[] }).file_ids.filter((id) => !keep.includes(id));
      left = left.filter((file) => !ids.includes(file.id));
      return { body: { deleted: ids } };
    },
    'POST /st/4/jobs/job-timeline/multi_rollback': (request) => {
      const ids = (request.body as { file_uuids: string[] }).file_uuids;
      left = files.filter((file) => left.includes(file) || ids.includes(file.id));
      return {
        body: {
          results: ids.map((id) => ({ file_uuid: id, status: 'ok' })),
          quota: { used_space: 0, max_space: 1 },
        },
      };
    },
  };
}

const calls = (requests: SeenRequest[], path: string) => requests.filter((r) => r.url.pathname === path);
const DELETE = '/st/4/jobs/job-timeline/delete_documents';
const ARCHIVE = '/st/4/jobs/job-timeline/files_as_archive';

/** Records the download links the page clicks, instead of letting jsdom follow them. */
function captureDownloads() {
  const links: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    links.push({ href: this.href, download: this.download });
  });
  return links;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('selecting documents (spec 000 §2, §4 Documents)', () => {
  test('selecting shows the toolbar with download and delete; Escape clears it', async () => {
    const { user } = renderApp({ route: ROUTE, routes: documentsServer() });
    await user.click(await screen.findByRole('checkbox', { name: 'Select receipt.pdf' }));
    const bar = screen.getByRole('toolbar', { name: '1 selected' });
    expect(within(bar).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Delete' })).toBeTruthy();
    // A click anywhere on a row but the name (which opens it) selects it too.
    await user.click(within(screen.getByText('budget.xlsx').closest('tr') as HTMLElement).getByText('XLSX'));
    expect(screen.getByRole('toolbar', { name: '2 selected' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  test('by keyboard: Space on a checkbox selects; a month checkbox selects the month', async () => {
    const { user } = renderApp({ route: ROUTE, routes: documentsServer() });
    const notesBox = await screen.findByRole('checkbox', { name: 'Select notes.txt' });
    notesBox.focus();
    await user.keyboard(' ');
    expect(screen.getByRole('toolbar', { name: '1 selected' })).toBeTruthy();
    const march = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all of March 2024' });
    expect(march.indeterminate).toBe(true);
    march.focus();
    await user.keyboard(' ');
    expect(screen.getByRole('toolbar', { name: '2 selected' })).toBeTruthy();
    const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name: `Select ${name}` });
    expect(box('receipt.pdf').checked).toBe(true);
    expect(box('budget.xlsx').checked).toBe(false);
    await user.keyboard(' ');
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  test('shift-click selects the range from the last one clicked', async () => {
    const { user } = renderApp({ route: ROUTE, routes: documentsServer() });
    await user.click(await screen.findByRole('checkbox', { name: 'Select receipt.pdf' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select budget.xlsx' }));
    await user.keyboard('{/Shift}');
    expect(screen.getByRole('toolbar', { name: '3 selected' })).toBeTruthy();
  });
});

describe('delete (spec 000 §4: asks, then deletes and clears the selection)', () => {
  test('Cancel deletes nothing; Delete moves them to the trash, off the list, with Undo', async () => {
    const { user, requests } = renderApp({ route: ROUTE, routes: documentsServer() });
    await user.click(await screen.findByRole('checkbox', { name: 'Select receipt.pdf' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select budget.xlsx' }));
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 files?' });
    expect(dialog.textContent).toContain('90 days');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(requests, DELETE)).toEqual([]);
    expect(screen.getByRole('toolbar', { name: '2 selected' })).toBeTruthy();

    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 files deleted')).toBeTruthy();
    expect(calls(requests, DELETE).map((r) => r.body)).toEqual([
      { file_ids: ['doc-receipt.pdf', 'doc-budget.xlsx'] },
    ]);
    expect(screen.queryByText('receipt.pdf')).toBeNull();
    expect(screen.queryByText('budget.xlsx')).toBeNull();
    expect(screen.getByText('notes.txt')).toBeTruthy();
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
    // The button that had the focus went with the bar: the heading has it now.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Documents', level: 1 }));
  });

  test('Undo brings the deleted documents back from the trash', async () => {
    const { user, requests } = renderApp({ route: ROUTE, routes: documentsServer() });
    await user.click(await screen.findByRole('checkbox', { name: 'Select receipt.pdf' }));
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('1 file restored')).toBeTruthy();
    expect(await screen.findByText('receipt.pdf')).toBeTruthy();
    expect(calls(requests, '/st/4/jobs/job-timeline/multi_rollback').map((r) => r.body)).toEqual([
      { file_uuids: ['doc-receipt.pdf'] },
    ]);
  });

  test('a failed delete says so in the dialog and keeps every document listed and selected', async () => {
    const { user } = renderApp({
      route: ROUTE,
      routes: { ...documentsServer(), [`POST ${DELETE}`]: { status: 500 } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select notes.txt' }));
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Failed to delete file');
    expect(screen.getByText('notes.txt')).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: '1 selected' })).toBeTruthy();
  });

  test('a document the server did not take stays listed, with the failure toast', async () => {
    const { user } = renderApp({ route: ROUTE, routes: documentsServer(undefined, ['doc-notes.txt']) });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all of March 2024' }));
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete file')).toBeTruthy();
    expect(screen.getByText('1 file deleted')).toBeTruthy();
    expect(screen.queryByText('receipt.pdf')).toBeNull();
    expect(screen.getByText('notes.txt')).toBeTruthy();
  });
});

describe('download (spec 000 §7: one file directly, several as a zip)', () => {
  test('one document: its original as an attachment, no archive', async () => {
    const links = captureDownloads();
    const { user, requests } = renderApp({ route: ROUTE, routes: documentsServer() });
    await user.click(await screen.findByRole('checkbox', { name: 'Select notes.txt' }));
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Download' }));
    expect(links).toEqual([
      {
        href: 'http://localhost:3000/st/4/jobs/job-timeline/files_by_id/doc-notes.txt?exp=1&sig=o&download=1',
        download: 'notes.txt',
      },
    ]);
    expect(calls(requests, ARCHIVE)).toEqual([]);
  });

  test('several: one zip named Documents, prepared by the server, then downloaded by the browser', async () => {
    const links = captureDownloads();
    const { user, requests } = renderApp({
      route: ROUTE,
      routes: {
        ...documentsServer(),
        [`POST ${ARCHIVE}`]: {
          body: {
            url: '/st/4/jobs/job-timeline/files_as_archive?archive=a1&exp=9&sid=s&sig=z',
            file_name: 'Documents.zip',
            size: 3000,
            count: 2,
          },
        },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select receipt.pdf' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select budget.xlsx' }));
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Download' }));
    await waitFor(() => {
      expect(links).toHaveLength(1);
    });
    expect(calls(requests, ARCHIVE).map((r) => r.body)).toEqual([
      { file_ids: ['doc-receipt.pdf', 'doc-budget.xlsx'], zip_filename: 'Documents' },
    ]);
    expect(links[0]).toEqual({
      href: 'http://localhost:3000/st/4/jobs/job-timeline/files_as_archive?archive=a1&exp=9&sid=s&sig=z',
      download: 'Documents.zip',
    });
  });

  test.each([
    ['download_too_many_files', 'Too many files', 'at most 500 files'],
    ['download_too_large', 'Download too large', 'at most 3.5 GB'],
  ])('the server refusing %s shows its limit alert', async (code, title, text) => {
    const links = captureDownloads();
    const { user } = renderApp({
      route: ROUTE,
      routes: {
        ...documentsServer(),
        [`POST ${ARCHIVE}`]: { status: 422, body: { error: { code, message: 'over the limit' } } },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all of March 2024' }));
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Download' }));
    const alert = await screen.findByRole('dialog', { name: title });
    expect(alert.textContent).toContain(text);
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(links).toEqual([]);
  });

  test('any other failure shows the download error of spec 000 §8', async () => {
    const { user } = renderApp({
      route: ROUTE,
      routes: { ...documentsServer(), [`POST ${ARCHIVE}`]: { status: 500 } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all of March 2024' }));
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Download' }));
    expect(
      await screen.findByText('An error occurred when trying to download. Please try again later.'),
    ).toBeTruthy();
  });
});
