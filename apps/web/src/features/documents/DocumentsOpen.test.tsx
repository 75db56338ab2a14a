import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { documentLink } from './model.ts';
import { aDocument, localSeconds } from './test-documents.ts';

const receipt = aDocument('receipt.pdf', localSeconds(2024, 3, 20));
const scan = aDocument('scan.PNG', localSeconds(2024, 3, 10));
const budget = aDocument('budget.xlsx', localSeconds(2023, 12, 30));

describe('documents open (issue #23)', () => {
  test('a PDF or an image opens inline in a new tab; anything else downloads', () => {
    const host = 'https://app.example';
    const url = '/st/4/jobs/j/files_by_id/f?exp=1&sid=s&sig=x';
    expect(documentLink(host, { name: 'a.pdf', file_url: url })).toEqual({
      href: `${host}${url}&disposition=inline`,
      opensInline: true,
    });
    expect(documentLink(host, { name: 'b.JPG', file_url: url }).opensInline).toBe(true);
    expect(documentLink(host, { name: 'page.html', file_url: url })).toEqual({
      href: `${host}${url}&download=1`,
      opensInline: false,
    });
    expect(documentLink(host, { name: 'icon.svg', file_url: url }).opensInline).toBe(false);
  });

  test('the name is a link that opens the document without selecting it', async () => {
    const clicks: { href: string; target: string; download: string }[] = [];
    const { user } = renderApp({
      route: '/documents',
      routes: { 'GET /st/4/jobs/job-timeline/documents': { body: { files: [receipt, scan, budget] } } },
    });
    const pdf = await screen.findByRole<HTMLAnchorElement>('link', { name: 'receipt.pdf' });
    expect(pdf.target).toBe('_blank');
    expect(pdf.rel).toContain('noopener');
    expect(pdf.href).toContain('disposition=inline');
    expect(pdf.hasAttribute('download')).toBe(false);
    expect(screen.getByRole<HTMLAnchorElement>('link', { name: 'scan.PNG' }).target).toBe('_blank');
    const sheet = screen.getByRole<HTMLAnchorElement>('link', { name: 'budget.xlsx' });
    expect(sheet.download).toBe('budget.xlsx');
    expect(sheet.href).toContain('download=1');
    expect(sheet.target).toBe('');
    // jsdom does not navigate; what matters is that opening is not selecting.
    pdf.addEventListener('click', (event) => {
      clicks.push({ href: pdf.href, target: pdf.target, download: pdf.download });
      event.preventDefault();
    });
    await user.click(pdf);
    expect(clicks).toHaveLength(1);
    expect(screen.queryByRole('toolbar')).toBeNull();
  });
});
