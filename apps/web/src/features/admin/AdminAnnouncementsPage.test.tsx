import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { anAccount } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';

const OPERATOR = { 'GET /st/4/account_info': { body: anAccount({ uuid: 'me', is_operator: true }) } };

describe('announcements in the admin area (issue #24)', () => {
  test('asks for a subject and a message, confirms, queues, and follows its progress', async () => {
    const news = {
      id: 'a1',
      subject: 'News',
      locale: 'nb_NO',
      created_by: 'op@example.com',
      created_at: 1_764_000_000,
      total: 3,
    };
    let posted = false;
    let asked = 0;
    const { user, requests } = renderApp({
      route: '/admin/announcements',
      routes: {
        ...OPERATOR,
        'POST /st/4/admin/announcements': () => {
          posted = true;
          return { body: { id: 'a1', total: 3 } };
        },
        // Sending after the post; done from the second time it is asked after that.
        'GET /st/4/admin/announcements': () => {
          if (!posted) return { body: { announcements: [] } };
          asked += 1;
          return {
            body: {
              announcements: [
                asked < 2
                  ? { ...news, sent: 1, failed: 0, state: 'sending' }
                  : { ...news, sent: 2, failed: 1, state: 'done' },
              ],
            },
          };
        },
      },
    });
    expect(await screen.findByText('No announcements yet.')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Write a subject and a message.');
    await user.type(screen.getByLabelText('Subject'), 'News');
    await user.type(screen.getByLabelText('Message'), 'Albums can have a password now.');
    await user.selectOptions(screen.getByLabelText('Language of the unsubscribe line'), 'nb_NO');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this announcement?' });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Queued for 3 accounts. The list below shows how far it got.'),
    ).toBeTruthy();
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({ subject: 'News', text: 'Albums can have a password now.', locale: 'nb_NO' });
    expect(await screen.findByText('Sent to 1 of 3')).toBeTruthy();
    expect(screen.getByText('Sending')).toBeTruthy();
    // Asked again on its own while it is sending, until it is done.
    expect(await screen.findByText('Sent to 2 of 3; 1 failed', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Done')).toBeTruthy();
  }, 10_000);
});
