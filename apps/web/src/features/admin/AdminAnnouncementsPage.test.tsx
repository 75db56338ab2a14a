import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { anAccount } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';

const OPERATOR = { 'GET /st/4/account_info': { body: anAccount({ uuid: 'me', is_operator: true }) } };

describe('announcements in the admin area (issue #24)', () => {
  test('asks for a subject and a message, confirms, sends, and says how many it reached', async () => {
    const { user, requests } = renderApp({
      route: '/admin/announcements',
      routes: {
        ...OPERATOR,
        'POST /st/4/admin/announcements': { body: { recipients: 3, sent: 3, failed: 0, delivery: 'sent' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Write a subject and a message.');
    await user.type(screen.getByLabelText('Subject'), 'News');
    await user.type(screen.getByLabelText('Message'), 'Albums can have a password now.');
    await user.selectOptions(screen.getByLabelText('Language of the unsubscribe line'), 'nb_NO');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this announcement?' });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent to 3 of 3 accounts.')).toBeTruthy();
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({ subject: 'News', text: 'Albums can have a password now.', locale: 'nb_NO' });
  });
});
