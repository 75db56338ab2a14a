import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { anAccount } from '../../test/factories.ts';
import type { FakeRoutes } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';
import { aDocument, localSeconds } from './test-documents.ts';

const ROUTE = '/documents';
const LIST = 'GET /st/4/jobs/job-timeline/documents';
const receipt = aDocument('receipt.pdf', localSeconds(2024, 3, 20));
const notes = aDocument('notes.txt', localSeconds(2024, 3, 2));
const budget = aDocument('budget.xlsx', localSeconds(2023, 12, 30));

const listing = (files = [notes, budget, receipt]): FakeRoutes => ({ [LIST]: { body: { files } } });

/** The text of each row of the table: month headers and documents, in order. */
const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .filter((text) => text !== '')
        .join(' | '),
    );

describe('the documents screen (spec 000 §2 Documents)', () => {
  test('lists documents under year-month headers, newest first, with type and upload date', async () => {
    renderApp({ route: ROUTE, routes: listing() });
    expect(await screen.findByRole('heading', { name: 'Documents', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    expect(await screen.findByText('3 documents')).toBeTruthy();
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Selected', 'Name', 'Type', 'Uploaded']);
    expect(rows()).toEqual([
      'March 2024',
      'receipt.pdf | PDF | Mar 20, 2024',
      'notes.txt | TXT | Mar 2, 2024',
      'December 2023',
      'budget.xlsx | XLSX | Dec 30, 2023',
    ]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'March 2024',
      'December 2023',
    ]);
  });

  test('the uploaded date column is the one a phone hides (documents.css)', async () => {
    renderApp({ route: ROUTE, routes: listing() });
    const date = await screen.findByRole('columnheader', { name: 'Uploaded' });
    expect(date.className).toBe('documents-table__date');
    const cell = screen.getByText('Mar 20, 2024').closest('td');
    expect(cell?.className).toBe('documents-table__date');
  });

  test('an empty list says so and offers the upload', async () => {
    renderApp({ route: ROUTE, routes: listing([]) });
    expect(await screen.findByRole('heading', { name: 'No documents yet' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    const input = screen.getByLabelText('Upload documents');
    expect(input.getAttribute('accept')).toContain('.pdf');
  });

  test('a list that fails to load offers to try again', async () => {
    let answers = 0;
    const { user } = renderApp({
      route: ROUTE,
      routes: { [LIST]: () => (answers++ === 0 ? { status: 500 } : { body: { files: [receipt] } }) },
    });
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong.' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('receipt.pdf')).toBeTruthy();
  });

  test('uploads go through the app uploader as documents, into the timeline job, and the list refreshes', async () => {
    let files = [notes];
    const { requests } = renderApp({
      route: ROUTE,
      routes: {
        [LIST]: () => ({ body: { files } }),
        // The server has these bytes already: the dedup call adds the file.
        'POST /st/4/jobs/job-timeline/files_dedup': () => {
          files = [receipt, notes];
          return { body: { status: 'exists', uuid: receipt.id } };
        },
        'GET /st/4/jobs/job-timeline/changes': { body: { changes: [], last_serial: 1 } },
        'GET /st/4/supported_extensions': { status: 500 },
      },
    });
    const input = await screen.findByLabelText('Upload documents');
    // A browser's file dialog can offer "All files" beside the picker's types.
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, [
        new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' }),
        new File(['jpeg'], 'beach.jpg', { type: 'image/jpeg' }),
      ]);
    expect(await screen.findByText('receipt.pdf')).toBeTruthy();
    const dedups = requests.filter((r) => r.url.pathname === '/st/4/jobs/job-timeline/files_dedup');
    // spec 000 §5: a picture is no document; it never leaves the browser from here.
    expect(dedups.map((r) => (r.body as { path: string }).path)).toEqual(['receipt.pdf']);
    const panel = await screen.findByRole('region', { name: 'Uploads' });
    expect(within(panel).getByRole('status').textContent).toBe('Some files did not upload');
  });

  test('spec 000 §6: a read-only user cannot upload', async () => {
    renderApp({
      route: ROUTE,
      routes: { ...listing(), 'GET /st/4/account_info': { body: anAccount({ is_read_only_user: true }) } },
    });
    const button = await screen.findByRole('button', { name: 'Upload documents' });
    await waitFor(() => {
      expect(button.getAttribute('aria-disabled')).toBe('true');
    });
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Subscribe to upload documents',
    );
  });

  test('the settings link to it (spec 000 §2: reached from settings)', async () => {
    const { user } = renderApp({ route: '/settings', routes: listing() });
    await user.click(await screen.findByRole('link', { name: /^Documents/ }));
    expect(await screen.findByRole('heading', { name: 'Documents', level: 1 })).toBeTruthy();
  });
});
